import { z } from 'zod';
import { driverInputSchema } from './drivers.js';
import { EXPORT_LISTS } from './export-lists.js';
import { childInputSchema, parentInputSchema } from './families.js';
import { emailField, dateField, phoneField, requiredText, withinDays } from './fields.js';
import { GUARDIAN_RELATIONS, type GuardianRelation } from './guardians.js';
import { LANGUAGE_TAG } from './language-paths.js';
import { stopInputSchema } from './stops.js';
import { vehicleInputSchema } from './vehicles.js';

export const exportListParamsSchema = z.object({
  list: z.enum(EXPORT_LISTS, { error: 'There is no such list to export.' }),
});

/** Trip history with its scans: the days from `from` to `to`, both included, at most a year. */
export const TRIP_HISTORY_MAX_DAYS = 366;
export const tripHistoryQuerySchema = withinDays(
  z.object({ from: dateField('From'), to: dateField('To') }),
  TRIP_HISTORY_MAX_DAYS,
  `Export at most ${TRIP_HISTORY_MAX_DAYS} days at a time.`,
);
export type TripHistoryQuery = z.infer<typeof tripHistoryQuerySchema>;

/**
 * CSV import: families (a row per child, the parent's columns repeated; or a parent without children), drivers,
 * vehicles and stops. Every row carries the operator's own id for its record: importing a row whose external id
 * exists updates that record, so the same file imported twice changes nothing (docs/decisions/032).
 */
export const IMPORT_KINDS = ['families', 'drivers', 'vehicles', 'stops'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKindParamsSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'Import families, drivers, vehicles or stops.' }),
});

/** A field a file's column can fill: `aliases` are other header names it is guessed from. */
export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  aliases: string[];
}
const field = (key: string, label: string, required: boolean, aliases: string[] = []): ImportField => ({
  key,
  label,
  required,
  aliases,
});

const externalIdField = (label: string) => requiredText(label, 100);

/**
 * The guardian columns of a family row (decision 075): up to GUARDIAN_SETS guardians of the row's child besides the
 * family's parent (the primary guardian), each a set of name, e-mail, phone, relation and language. A header such as
 * `guardian_1_email` or `Guardian 1 email` is guessed alike.
 */
export const GUARDIAN_SETS = 3;
export const GUARDIAN_PARTS = ['name', 'email', 'phone', 'relation', 'language'] as const;
export type GuardianPart = (typeof GUARDIAN_PARTS)[number];
/** The field key of a guardian set's part: `guardian2Email`. */
export const guardianKey = (set: number, part: GuardianPart) =>
  `guardian${set}${part[0]!.toUpperCase()}${part.slice(1)}`;
const guardianFields = (): ImportField[] =>
  Array.from({ length: GUARDIAN_SETS }, (_, index) =>
    GUARDIAN_PARTS.map((part) =>
      field(guardianKey(index + 1, part), `Guardian ${index + 1} ${part}`, false, [
        `guardian_${index + 1}_${part}`,
      ]),
    ),
  ).flat();

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  families: [
    field('parentExternalId', 'Family id', true, ['parent id', 'family external id', 'parent external id']),
    field('name', 'Parent name', true, ['parent', 'parent full name', 'full name']),
    field('email', 'Parent email', true, ['email address', 'e-mail']),
    field('phone', 'Phone No', true, ['parent phone', 'mobile', 'phone number']),
    field('alternativePhone', 'Alternative phone No', true, ['alternative phone', 'alt phone', 'phone 2']),
    field('address', 'Address', true, ['home address', 'street']),
    field('city', 'City', false, ['town']),
    field('state', 'State', true, ['region']),
    field('pinCode', 'ZIP Code', true, ['zip', 'postcode', 'postal code', 'pin', 'pin code']),
    field('childExternalId', 'Child id', false, ['student id', 'child external id', 'student external id']),
    field('childName', 'Child name', false, ['student', 'student name', 'child']),
    field('class', 'Class', false, ['grade']),
    field('rollNo', 'Roll No', false, ['roll', 'roll number']),
    field('nfcTagId', 'NFC Tag ID', false, ['nfc', 'tag', 'nfc tag']),
    field('pickupAndDropLat', 'Pickup latitude', false, ['lat', 'latitude', 'pickup lat']),
    field('pickupAndDropLng', 'Pickup longitude', false, ['lng', 'lon', 'longitude', 'pickup lng']),
    field('pickupDropAddress', 'Pickup address', false, ['pickup', 'home street']),
    field('addressCity', 'Home city', false, ['home city', 'home town']),
    field('addressPostcode', 'Home postcode', false, ['home postcode', 'home zip']),
    field('addressCountry', 'Home country', false, ['country', 'home country']),
    field('doorToDoor', 'Door to door', false, ['special needs']),
    ...guardianFields(),
  ],
  drivers: [
    field('externalId', 'Driver id', true, ['id', 'external id', 'employee id']),
    field('name', 'Name', true, ['driver', 'full name', 'driver name']),
    field('email', 'Email', true, ['email address', 'e-mail']),
    field('phone', 'Phone', true, ['mobile', 'phone number']),
    field('alternativePhone', 'Alternative phone', false, ['alt phone', 'phone 2']),
    field('licenseNo', 'License No', true, [
      'license',
      'licence',
      'licence no',
      'license number',
      'licence number',
    ]),
    field('address', 'Address', false),
  ],
  vehicles: [
    field('externalId', 'Vehicle id', true, ['id', 'external id', 'fleet no']),
    field('licensePlate', 'Registration No', true, ['plate', 'license plate', 'registration']),
    field('model', 'Model', true),
    field('type', 'Type', true),
    field('color', 'Color', true, ['colour']),
    field('capacity', 'Capacity', true, ['seats']),
  ],
  stops: [
    field('externalId', 'Stop id', true, ['id', 'external id', 'stop code']),
    field('name', 'Stop name', true, ['name', 'stop']),
    field('lat', 'Latitude', true, ['latitude']),
    field('lng', 'Longitude', true, ['lon', 'longitude']),
    field('address', 'Address', false),
  ],
};

const yesNo = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((text, context) => {
    if (!text || ['no', 'false', '0', 'n'].includes(text)) return false;
    if (['yes', 'true', '1', 'y'].includes(text)) return true;
    context.addIssue({ code: 'custom', message: 'Door to door must be yes or no' });
    return z.NEVER;
  });

/** One guardian set of a family row: another guardian of the row's child. */
export interface GuardianImport {
  /** Which set of the row (1 to GUARDIAN_SETS): the problems name its columns. */
  set: number;
  name: string;
  email: string;
  phone: string;
  relation: GuardianRelation;
  /** The guardian's language (a catalogue's tag), or null: left as it is. */
  language: string | null;
}

/** A family row, checked as the family forms check a parent and a child, and the child's other guardians. */
export interface FamilyImportRow {
  parentExternalId: string;
  parent: z.output<typeof parentInputSchema>;
  child: (z.output<typeof childInputSchema> & { externalId: string }) | null;
  guardians: GuardianImport[];
}

/** Each set's field keys, made once. */
const GUARDIAN_KEYS = Array.from({ length: GUARDIAN_SETS }, (_, index) =>
  GUARDIAN_PARTS.map((part) => guardianKey(index + 1, part)),
);

/** A guardian set's cells, checked as the guardian request's form checks a guardian (relation: any case). */
const guardianImportSchema = z.object({
  name: requiredText('Guardian name', 100),
  email: emailField('Guardian email'),
  phone: phoneField('Guardian phone'),
  relation: z
    .string()
    .trim()
    .optional()
    .transform((text, context): GuardianRelation => {
      if (!text) return 'PARENT';
      const relation = text.toUpperCase().replace(/[^A-Z]+/g, '_') as GuardianRelation;
      if (GUARDIAN_RELATIONS.includes(relation)) return relation;
      context.addIssue({
        code: 'custom',
        message: `The relation is one of ${GUARDIAN_RELATIONS.join(', ')}`,
      });
      return z.NEVER;
    }),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(LANGUAGE_TAG, 'A language is a tag such as "en" or "es"')
    .optional()
    .transform((tag) => tag ?? null),
});

/** The guardian sets of a row: each filled set checked, its problems named by its columns' fields. */
function checkGuardians(
  record: Record<string, string | undefined>,
  familyEmail: string | undefined,
  hasChild: boolean,
  issues: Array<{ field: string; message: string }>,
): GuardianImport[] {
  const guardians: GuardianImport[] = [];
  for (const [index, keys] of GUARDIAN_KEYS.entries()) {
    const set = index + 1;
    // Most rows fill no set: nothing is built for them (a file has up to 100,000 rows).
    const filledAt = keys.findIndex((key) => record[key] !== undefined);
    if (filledAt < 0) continue;
    const filled = GUARDIAN_PARTS[filledAt]!;
    const cells = Object.fromEntries(GUARDIAN_PARTS.map((part, at) => [part, record[keys[at]!]]));
    if (!hasChild) {
      issues.push({
        field: guardianKey(set, filled),
        message: "A guardian is a child's: fill in the child's columns on this row.",
      });
      continue;
    }
    const parsed = guardianImportSchema.safeParse(cells);
    if (!parsed.success) {
      issues.push(...issuesOf(parsed.error, (part) => guardianKey(set, part as GuardianPart)));
      continue;
    }
    const { email } = parsed.data;
    const earlier = guardians.find((guardian) => guardian.email === email);
    if (familyEmail?.toLowerCase() === email)
      issues.push({
        field: guardianKey(set, 'email'),
        message: "This is the family's parent, already the child's primary guardian.",
      });
    else if (earlier)
      issues.push({
        field: guardianKey(set, 'email'),
        message: `This guardian is also guardian ${earlier.set} of this row.`,
      });
    else guardians.push({ set, ...parsed.data });
  }
  return guardians;
}

const CHILD_KEYS = [
  'childExternalId',
  'childName',
  'class',
  'rollNo',
  'pickupAndDropLat',
  'pickupAndDropLng',
];

export const IMPORT_ROW_SCHEMAS = {
  drivers: driverInputSchema.extend({ externalId: externalIdField('Driver id') }),
  vehicles: vehicleInputSchema.extend({ externalId: externalIdField('Vehicle id') }),
  stops: stopInputSchema.extend({ externalId: externalIdField('Stop id') }),
};
export type ImportRow<K extends ImportKind> = K extends 'families'
  ? FamilyImportRow
  : z.output<(typeof IMPORT_ROW_SCHEMAS)[Exclude<K, 'families'>]>;

type Checked<T> =
  { value: T; issues: [] } | { value: null; issues: Array<{ field: string; message: string }> };

const issuesOf = (error: z.ZodError, rename: (key: string) => string = (key) => key) =>
  error.issues.map((issue) => ({ field: rename(String(issue.path[0] ?? '')), message: issue.message }));

// Built once: making a zod schema costs far more than using it, and a file has tens of thousands of rows.
const familyIdSchema = externalIdField('Family id');
const childIdSchema = externalIdField('Child id');

function checkFamily(record: Record<string, string | undefined>): Checked<FamilyImportRow> {
  const issues: Array<{ field: string; message: string }> = [];
  const id = familyIdSchema.safeParse(record.parentExternalId);
  if (!id.success) issues.push(...issuesOf(id.error, () => 'parentExternalId'));
  const parent = parentInputSchema.safeParse(record);
  if (!parent.success) issues.push(...issuesOf(parent.error));
  let child: FamilyImportRow['child'] = null;
  const hasChild = CHILD_KEYS.some((key) => record[key] !== undefined);
  if (hasChild) {
    const childId = childIdSchema.safeParse(record.childExternalId);
    if (!childId.success) issues.push(...issuesOf(childId.error, () => 'childExternalId'));
    const door = yesNo.safeParse(record.doorToDoor);
    if (!door.success) issues.push(...issuesOf(door.error, () => 'doorToDoor'));
    const checked = childInputSchema.safeParse({
      ...record,
      name: record.childName,
      doorToDoor: door.success ? door.data : false,
    });
    if (!checked.success)
      issues.push(...issuesOf(checked.error, (key) => (key === 'name' ? 'childName' : key)));
    else if ((checked.data.pickupAndDropLat == null) !== (checked.data.pickupAndDropLng == null))
      issues.push({
        field: 'pickupAndDropLng',
        message: 'Give both pickup latitude and longitude, or neither',
      });
    else if (checked.data.pickupAndDropLat == null && !checked.data.pickupDropAddress)
      // Without a point the geocoder places the address (decision 072); without either there is no home.
      issues.push({
        field: 'pickupAndDropLat',
        message: 'Give the pickup latitude and longitude, or the pickup address',
      });
    else if (childId.success) child = { ...checked.data, externalId: childId.data };
  }
  const guardians = checkGuardians(record, record.email, hasChild, issues);
  if (issues.length > 0 || !id.success || !parent.success) return { value: null, issues };
  return { value: { parentExternalId: id.data, parent: parent.data, child, guardians }, issues: [] };
}

/** Checks one row with the same schemas as the forms; `record` holds the mapped cells, blank cells left out. */
export function checkImportRow<K extends ImportKind>(
  kind: K,
  record: Record<string, string | undefined>,
): Checked<ImportRow<K>> {
  if (kind === 'families') return checkFamily(record) as Checked<ImportRow<K>>;
  const parsed = IMPORT_ROW_SCHEMAS[kind as Exclude<ImportKind, 'families'>].safeParse(record);
  return parsed.success
    ? ({ value: parsed.data, issues: [] } as Checked<ImportRow<K>>)
    : { value: null, issues: issuesOf(parsed.error) };
}

/** Which column of the file fills each field: field key → header. */
export const importMappingSchema = z.record(z.string(), z.string().max(200));
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** POST /api/imports/{kind}?mode=dry-run|commit&mapping={json}; the body is the CSV file itself (text/csv). */
export const importQuerySchema = z.object({
  mode: z.enum(['dry-run', 'commit'], { error: 'mode is dry-run or commit' }).default('dry-run'),
  mapping: z
    .string()
    .max(20_000)
    .optional()
    .transform((text, context) => {
      if (!text) return undefined;
      try {
        const parsed = importMappingSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // Falls through to the issue below.
      }
      context.addIssue({ code: 'custom', message: 'mapping must be a JSON object of field → column' });
      return z.NEVER;
    }),
});
export type ImportQuery = z.input<typeof importQuerySchema>;

/** One problem of a row: its line in the file (the header is line 1), the column and what is wrong. */
export const importProblemSchema = z.object({
  row: z.number(),
  column: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** The answer's last line: what the file holds and, for a commit without problems, what was written. */
export const importReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  mode: z.enum(['dry-run', 'commit']),
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  rows: z.number(),
  /** Records: families and children are counted apart. */
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  committed: z.boolean(),
  problemCount: z.number(),
  /** The first problems (at most IMPORT_PROBLEMS_SHOWN). */
  problems: z.array(importProblemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const IMPORT_PROBLEMS_SHOWN = 500;

/** The answer is NDJSON: progress lines while the server works, then the report (or an error). */
export const importLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(['reading', 'checking', 'writing']),
    done: z.number(),
    total: z.number(),
  }),
  z.object({ type: z.literal('report'), report: importReportSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ImportLine = z.infer<typeof importLineSchema>;

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** The most rows a file may hold, its header aside: past it, the import stops and says to split the file. */
export const IMPORT_MAX_ROWS = 100_000;
/** The most columns a line may have. */
export const IMPORT_MAX_COLUMNS = 100;
/** The longest cell, in characters (the forms' longest field, an address, takes 500). */
export const IMPORT_MAX_CELL_CHARS = 1_000;

const normalisedHeader = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Guesses which column fills each field from the headers: the field's key, label or an alias, any case. */
export function guessMapping(kind: ImportKind, headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const candidate of IMPORT_FIELDS[kind]) {
    const names = [candidate.key, candidate.label, ...candidate.aliases].map(normalisedHeader);
    const header = headers.find((name) => !taken.has(name) && names.includes(normalisedHeader(name)));
    if (header !== undefined) {
      mapping[candidate.key] = header;
      taken.add(header);
    }
  }
  return mapping;
}
