import { GUARDIAN_PARTS, IMPORT_FIELDS, guardianKey, type GuardianPart } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import type { CsvCell, CsvColumn } from '../../../lib/csv.js';
import { guardiansOfStudents, type GuardianOfStudent } from '../families/index.js';
import { listColumns } from './export-columns.js';
import { familyFieldsOf, type FamilyFields } from './export-queries.js';

/**
 * The students CSV is the families import's file (decision 075): first the import's columns, under the import's own
 * labels (so an import guesses every one), with the child's other guardians in the guardian sets; then the list's
 * columns the import does not read (ids, hand-over, the route, when added). What the list row lacks for it (the
 * external ids, the parent's address, the guardians) is read by child id a page at a time.
 */

type Json = Record<string, unknown>;

/** A student as the list sends it, with what the import's columns need besides. */
export interface StudentExportRow {
  list: Json;
  family: FamilyFields | undefined;
  /** The child's guardians other than the primary one, linked longest first. */
  guardians: GuardianOfStudent[];
}

const at = (row: Json, ...path: string[]): CsvCell =>
  path.reduce<unknown>((value, key) => (value as Json | null | undefined)?.[key], row) as CsvCell;

/** Each non-guardian field of the families import, from a student's export row. */
const FIELD_VALUES: Record<string, (row: StudentExportRow) => CsvCell> = {
  parentExternalId: (row) => row.family?.parentExternalId,
  name: (row) => at(row.list, 'parent', 'user', 'name'),
  email: (row) => at(row.list, 'parent', 'user', 'email'),
  phone: (row) => at(row.list, 'parent', 'phone'),
  alternativePhone: (row) => row.family?.alternativePhone,
  address: (row) => row.family?.address,
  city: (row) => row.family?.city,
  state: (row) => row.family?.state,
  pinCode: (row) => row.family?.pinCode,
  childExternalId: (row) => row.family?.childExternalId,
  childName: (row) => at(row.list, 'name'),
  class: (row) => at(row.list, 'class'),
  rollNo: (row) => at(row.list, 'rollNo'),
  nfcTagId: (row) => at(row.list, 'nfcTagId'),
  pickupAndDropLat: (row) => at(row.list, 'pickupAndDropLat'),
  pickupAndDropLng: (row) => at(row.list, 'pickupAndDropLng'),
  pickupDropAddress: (row) => at(row.list, 'pickupDropAddress'),
  addressCity: (row) => at(row.list, 'addressCity'),
  addressPostcode: (row) => at(row.list, 'addressPostcode'),
  addressCountry: (row) => at(row.list, 'addressCountry'),
  doorToDoor: (row) => (at(row.list, 'doorToDoor') ? 'yes' : 'no'),
};

/** The list's columns the import's columns already carry. */
const CARRIED = new Set([
  'name',
  'class',
  'rollNo',
  'nfcTagId',
  'parent.user.name',
  'parent.user.email',
  'parent.phone',
  'pickupAndDropLat',
  'pickupAndDropLng',
  'pickupDropAddress',
  'addressCity',
  'addressPostcode',
  'addressCountry',
  'doorToDoor',
]);

const guardianValue = (set: number, part: GuardianPart) => (row: StudentExportRow) =>
  row.guardians[set - 1]?.[part];

/** Every field of the families import, in its order, then the list's own columns the import does not read. */
export function studentExportColumns(): CsvColumn<StudentExportRow>[] {
  const importColumns = IMPORT_FIELDS.families.map(({ key, label }) => {
    const guardian = /^guardian(\d+)([A-Z]\w*)$/.exec(key);
    if (guardian) {
      const part = guardian[2]!.toLowerCase() as GuardianPart;
      if (!GUARDIAN_PARTS.includes(part) || guardianKey(Number(guardian[1]), part) !== key)
        throw new Error(`no export value for ${key}`);
      return { header: label, value: guardianValue(Number(guardian[1]), part) };
    }
    const value = FIELD_VALUES[key];
    // A field added to the import without a value here would make the export unimportable.
    if (!value) throw new Error(`no export value for ${key}`);
    return { header: label, value };
  });
  const own = listColumns('students')
    .filter((column) => !CARRIED.has(column.header))
    .map((column) => ({ header: column.header, value: (row: StudentExportRow) => column.value(row.list) }));
  return [...importColumns, ...own];
}

/** The list's rows with their family fields and other guardians, read a page (`size` rows) at a time. */
export async function* studentExportRows(
  db: Executor,
  rows: AsyncIterable<Json>,
  size = 100,
): AsyncGenerator<StudentExportRow> {
  let page: Json[] = [];
  const flush = async function* () {
    const ids = page.map((row) => String(row.id));
    const [families, guardians] = await Promise.all([familyFieldsOf(db, ids), guardiansOfStudents(db, ids)]);
    const familyOf = new Map(families.map((family) => [family.studentId, family]));
    for (const list of page) {
      const id = String(list.id);
      yield {
        list,
        family: familyOf.get(id),
        guardians: guardians.filter((guardian) => guardian.studentId === id && !guardian.primary),
      };
    }
    page = [];
  };
  for await (const row of rows) {
    page.push(row);
    if (page.length >= size) yield* flush();
  }
  if (page.length > 0) yield* flush();
}
