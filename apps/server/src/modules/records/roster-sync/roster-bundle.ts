import { unzipSync } from 'fflate';
import { parse } from 'csv-parse/sync';
import { AppError, badRequest } from '../../../lib/errors.js';
import {
  addressOf,
  buildRoster,
  listOf,
  type EnrollmentRecord,
  type OrgRecord,
  type Roster,
  type UserRecord,
} from './roster.js';

/**
 * A OneRoster CSV bundle (a zip of manifest.csv, orgs.csv, users.csv, enrollments.csv, classes.csv,
 * demographics.csv; 1.2 adds roles.csv) read into a roster. Only a bulk bundle can say what was removed upstream (a
 * record absent from it is gone), so a delta bundle is refused. Every problem is a 400 in words; nothing is written.
 */

/** The most the CSV files of a bundle may hold unzipped: a small zip must not unpack into all the memory there is. */
const MAX_UNZIPPED_BYTES = 400 * 1024 * 1024;
/** The files read; the others of the bundle (academicSessions, courses, demographics…) say nothing kept here. */
const READ = ['manifest.csv', 'orgs.csv', 'users.csv', 'enrollments.csv', 'roles.csv'];

type Table = Array<Record<string, string>>;

/** A CSV file's rows as objects by the header's names; the named columns must be in the header. */
function tableOf(files: Map<string, Uint8Array>, name: string, required: string[]): Table {
  const bytes = files.get(name);
  if (!bytes) throw badRequest(`The bundle has no ${name}.`);
  let rows: string[][];
  try {
    rows = parse(Buffer.from(bytes), {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as string[][];
  } catch (error) {
    throw badRequest(`${name} is not a CSV file we can read: ${(error as Error).message}`);
  }
  const header = (rows[0] ?? []).map((cell) => cell.trim());
  const missing = required.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw badRequest(`${name} has no ${missing.map((column) => `"${column}"`).join(', ')} column.`);
  return rows
    .slice(1)
    .map((cells) => Object.fromEntries(header.map((column, i) => [column, cells[i]?.trim() ?? ''])));
}

/** The bundle's files this reader needs, by their name in lower case (a folder inside the zip is ignored). */
function unzipped(zip: Uint8Array): Map<string, Uint8Array> {
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (file) => {
        const name = file.name.split('/').at(-1)!.toLowerCase();
        if (!READ.includes(name)) return false;
        total += file.originalSize;
        if (total > MAX_UNZIPPED_BYTES)
          throw badRequest(
            `The bundle's files are larger than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB unzipped.`,
          );
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('The file is not a zip archive: export the OneRoster CSV bundle as a .zip file.');
  }
  return new Map(
    Object.entries(entries).map(([name, bytes]) => [name.split('/').at(-1)!.toLowerCase(), bytes]),
  );
}

export function readBundle(zip: Uint8Array): Roster {
  const files = unzipped(zip);
  const manifest = new Map(
    tableOf(files, 'manifest.csv', ['propertyName', 'value']).map((row) => [row.propertyName!, row.value!]),
  );
  for (const file of ['orgs', 'users', 'enrollments'])
    if ((manifest.get(`file.${file}`) ?? '').toLowerCase() === 'delta')
      throw badRequest(
        `The bundle's ${file}.csv is a delta: export a bulk bundle, which holds every record (a record missing ` +
          'from it is one removed upstream).',
      );
  const version = manifest.get('oneroster.version') ?? '1.1';
  const orgs: OrgRecord[] = tableOf(files, 'orgs.csv', ['sourcedId', 'name', 'type']).map((row) => ({
    sourcedId: row.sourcedId!,
    status: row.status ?? '',
    name: row.name!,
    type: row.type!,
  }));
  // 1.2 moves a user's roles to roles.csv (userSourcedId, role); a 1.1 users.csv has its own role column.
  const rolesOf = new Map<string, string[]>();
  const usesRolesFile = files.has('roles.csv') && (version.startsWith('1.2') || !hasColumn(files, 'role'));
  if (usesRolesFile)
    for (const row of tableOf(files, 'roles.csv', ['userSourcedId', 'role']))
      if (row.status?.toLowerCase() !== 'tobedeleted')
        rolesOf.set(row.userSourcedId!, [
          ...(rolesOf.get(row.userSourcedId!) ?? []),
          row.role!.toLowerCase(),
        ]);
  const userColumns = ['sourcedId', 'givenName', 'familyName', ...(usesRolesFile ? [] : ['role'])];
  const users: UserRecord[] = tableOf(files, 'users.csv', userColumns).map((row) => ({
    sourcedId: row.sourcedId!,
    status: row.status ?? '',
    enabled: (row.enabledUser ?? '').toLowerCase() !== 'false',
    roles: usesRolesFile ? (rolesOf.get(row.sourcedId!) ?? []) : [row.role!.toLowerCase()],
    givenName: row.givenName!,
    familyName: row.familyName!,
    identifier: row.identifier ?? '',
    email: row.email ?? '',
    phone: row.phone || row.sms || '',
    agentSourcedIds: listOf(row.agentSourcedIds),
    orgSourcedIds: listOf(row.orgSourcedIds),
    grades: listOf(row.grades),
    address: addressOf((name) => row[`metadata.${name}`] ?? ''),
  }));
  const enrollments: EnrollmentRecord[] = files.has('enrollments.csv')
    ? tableOf(files, 'enrollments.csv', ['userSourcedId', 'schoolSourcedId']).map((row) => ({
        status: row.status ?? '',
        userSourcedId: row.userSourcedId!,
        schoolSourcedId: row.schoolSourcedId!,
      }))
    : [];
  return buildRoster(orgs, users, enrollments);
}

function hasColumn(files: Map<string, Uint8Array>, column: string): boolean {
  const bytes = files.get('users.csv');
  if (!bytes) return false;
  const firstLine = Buffer.from(bytes.subarray(0, 4096)).toString('utf8').split(/\r?\n/)[0] ?? '';
  return firstLine
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((cell) => cell.trim().replace(/^"|"$/g, ''))
    .includes(column);
}
