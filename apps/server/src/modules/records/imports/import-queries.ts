import { randomUUID } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { students } from '../../../db/schema/index.js';
import type { HomeBefore } from '../geocoding/index.js';
import { setAccountNamesAndEmails } from '../../platform/users/index.js';

/**
 * The SQL of CSV imports: look-ups that find each row's record and its clashes, and set-based writes of a whole
 * batch per statement (json_to_recordset, then insert … on conflict / update … from), never a row at a time.
 * Unchanged rows are left as they are (`is distinct from`), so importing a file again writes nothing.
 */

type Rows = Array<Record<string, unknown>>;

async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  // Both drivers answer raw statements with `rows` (pg's QueryResult, PGlite's Results).
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

const jsonOf = (values: unknown) => JSON.stringify(values);

/**
 * Who already holds each e-mail address (lower case): a user, their role, and the external id of their parent or
 * driver.
 */
export function emailHolders(db: Executor, emails: string[]) {
  return rowsOf<{
    email: string;
    role: string;
    parentExternalId: string | null;
    driverExternalId: string | null;
  }>(
    db,
    sql`select lower(u.email) as "email", u.role::text as "role", p.external_id as "parentExternalId",
          d.external_id as "driverExternalId"
        from users u
        left join parents p on p.user_id = u.id
        left join drivers d on d.user_id = u.id
        where lower(u.email) in (select json_array_elements_text(${jsonOf(emails)}::json))`,
  );
}

/** Which child holds each NFC tag, by the child's external id. */
export function tagHolders(db: Executor, tags: string[]) {
  return rowsOf<{ key: string; externalId: string | null }>(
    db,
    sql`select nfc_tag_id as "key", external_id as "externalId" from students
        where nfc_tag_id in (select json_array_elements_text(${jsonOf(tags)}::json))`,
  );
}

/** Which driver holds each licence number (upper case), by external id. */
export function licenseHolders(db: Executor, licenses: string[]) {
  return rowsOf<{ key: string; externalId: string | null }>(
    db,
    sql`select upper(license_no) as "key", external_id as "externalId" from drivers
        where upper(license_no) in (select json_array_elements_text(${jsonOf(licenses)}::json))`,
  );
}

/** Which vehicle holds each plate, by external id. */
export function plateHolders(db: Executor, plates: string[]) {
  return rowsOf<{ key: string; externalId: string | null }>(
    db,
    sql`select license_plate as "key", external_id as "externalId" from vehicles
        where license_plate in (select json_array_elements_text(${jsonOf(plates)}::json))`,
  );
}

/** Counts of one batch's write: rows inserted, rows updated (the rest were already as the file says). */
export interface Written {
  created: number;
  updated: number;
}

const countInserted = (rows: Array<{ inserted: boolean }>): Written => ({
  created: rows.filter((row) => row.inserted).length,
  updated: rows.filter((row) => !row.inserted).length,
});

/** The column list of json_to_recordset: the leading columns, then each column with its type. */
const recordsetOf = (leading: string[], columns: Array<{ name: string; type: string }>) =>
  sql.raw([...leading, ...columns.map((column) => `${column.name} ${column.type}`)].join(', '));

/**
 * Parents or drivers: people with an account (role `role`, no password: they may be invited later). Existing
 * records (by external id) get their user and own fields updated when different; new ones get a user and a record.
 */
async function upsertAccounts(
  tx: Executor,
  kind: 'parents' | 'drivers',
  rows: Rows,
  columns: Array<{ name: string; type: string }>,
): Promise<Written> {
  const table = sql.raw(kind);
  const role = kind === 'parents' ? 'parent' : 'driver';
  const recordset = recordsetOf(['ext text', 'name text', 'email text'], columns);
  const names = sql.raw(columns.map((column) => column.name).join(', '));
  const fromInput = sql.raw(columns.map((column) => `i.${column.name}`).join(', '));
  // Which rows name a record that exists: only those can need an update, the rest are plain inserts. A first
  // import of a large file then runs no update at all (two joins over the whole batch each time, for nothing).
  const known = new Set(
    (
      await rowsOf<{ ext: string }>(
        tx,
        sql`select external_id as ext from ${table}
            where external_id in (select json_array_elements_text(${jsonOf(rows.map((row) => row.ext))}::json))`,
      )
    ).map((row) => row.ext),
  );
  const existing = rows.filter((row) => known.has(row.ext as string));
  const updated = existing.length > 0 ? await updateAccounts(tx, table, existing, columns) : 0;
  // New records get their ids here, so the user and the record are two plain inserts (no join on e-mail).
  const fresh = rows
    .filter((row) => !known.has(row.ext as string))
    .map((row) => ({ ...row, id: randomUUID() }));
  if (fresh.length > 0) {
    await tx.execute(
      sql`insert into users (id, name, email, role)
          select i.id, i.name, i.email, ${role}::user_role
          from json_to_recordset(${jsonOf(fresh)}::json) as i(id uuid, name text, email text)`,
    );
    await tx.execute(
      sql`insert into ${table} (user_id, ${names}, external_id)
          select i.id, ${fromInput}, i.ext from json_to_recordset(${jsonOf(fresh)}::json) as i(id uuid, ${recordset})`,
    );
  }
  return { created: fresh.length, updated };
}

/** Existing accounts: the user's name and e-mail and the record's own fields, where the file differs. */
async function updateAccounts(
  tx: Executor,
  table: SQL,
  rows: Rows,
  columns: Array<{ name: string; type: string }>,
): Promise<number> {
  const recordset = recordsetOf(['ext text', 'name text', 'email text'], columns);
  const fromInput = sql.raw(columns.map((column) => `i.${column.name}`).join(', '));
  const assignments = sql.raw(columns.map((column) => `${column.name} = i.${column.name}`).join(', '));
  const current = sql.raw(columns.map((column) => `r.${column.name}`).join(', '));
  const input = sql`input as (select * from json_to_recordset(${jsonOf(rows)}::json) as x(${recordset}))`;
  // Names and e-mails go through the one writer of other people's addresses, which ends the sessions of an account
  // whose address changes (users/user-queries.ts).
  const owners = await rowsOf<{ id: string; userId: string; name: string; email: string }>(
    tx,
    sql`with ${input} select r.id, r.user_id as "userId", i.name, i.email from input i join ${table} r on r.external_id = i.ext`,
  );
  const renamedUsers = new Set(
    await setAccountNamesAndEmails(
      tx,
      owners.map((owner) => ({ id: owner.userId, name: owner.name, email: owner.email })),
      new Date(),
    ),
  );
  const renamed = owners.filter((owner) => renamedUsers.has(owner.userId));
  const changed = await rowsOf<{ id: string }>(
    tx,
    sql`with ${input}
        update ${table} r set ${assignments}, updated_at = clock_timestamp()
        from input i
        where r.external_id = i.ext and (${current}) is distinct from (${fromInput})
        returning r.id`,
  );
  return new Set([...renamed, ...changed].map((row) => row.id)).size;
}

export const upsertParents = (tx: Executor, rows: Rows) =>
  upsertAccounts(tx, 'parents', rows, [
    { name: 'phone', type: 'text' },
    { name: 'alternative_phone', type: 'text' },
    { name: 'address', type: 'text' },
    { name: 'city', type: 'text' },
    { name: 'state', type: 'text' },
    { name: 'pin_code', type: 'text' },
  ]);

export const upsertDrivers = (tx: Executor, rows: Rows) =>
  upsertAccounts(tx, 'drivers', rows, [
    { name: 'phone', type: 'text' },
    { name: 'alternative_phone', type: 'text' },
    { name: 'license_no', type: 'text' },
    { name: 'address', type: 'text' },
  ]);

/** A plain table's rows by external id: inserted, or updated only where a value differs. */
async function upsertPlain(
  tx: Executor,
  table: string,
  rows: Rows,
  columns: Array<{ name: string; type: string }>,
  select: SQL = sql.raw(columns.map((column) => `i.${column.name}`).join(', ')),
  join: SQL = sql``,
): Promise<Written> {
  const recordset = recordsetOf(['ext text'], columns);
  const names = columns.map((column) => column.name);
  const written = await rowsOf<{ inserted: boolean }>(
    tx,
    sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))}, external_id)
        select ${select}, i.ext from json_to_recordset(${jsonOf(rows)}::json) as i(${recordset}) ${join}
        -- A row already as the file says never reaches the insert: no trigger, no speculative insertion.
        where not exists (
          select 1 from ${sql.raw(table)} t
          where t.external_id = i.ext and (${sql.raw(names.map((name) => `t.${name}`).join(', '))}) is not distinct from (${select})
        )
        on conflict (external_id) do update set
          ${sql.raw(names.map((name) => `${name} = excluded.${name}`).join(', '))}, updated_at = clock_timestamp()
        where (${sql.raw(names.map((name) => `${table}.${name}`).join(', '))})
          is distinct from (${sql.raw(names.map((name) => `excluded.${name}`).join(', '))})
        returning (xmax = 0) as inserted`,
  );
  return countInserted(written);
}

export const upsertVehicles = (tx: Executor, rows: Rows) =>
  upsertPlain(tx, 'vehicles', rows, [
    { name: 'license_plate', type: 'text' },
    { name: 'model', type: 'text' },
    { name: 'type', type: 'text' },
    { name: 'color', type: 'text' },
    { name: 'capacity', type: 'int' },
  ]);

export const upsertStops = (tx: Executor, rows: Rows) =>
  upsertPlain(tx, 'stops', rows, [
    { name: 'name', type: 'text' },
    { name: 'lat', type: 'float8' },
    { name: 'lng', type: 'float8' },
    { name: 'address', type: 'text' },
  ]);

/** Children, each under their family's parent (found by the family's external id). */
export const upsertStudents = (tx: Executor, rows: Rows) =>
  upsertPlain(
    tx,
    'students',
    rows,
    [
      { name: 'parent_id', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'class', type: 'text' },
      { name: 'roll_no', type: 'text' },
      { name: 'nfc_tag_id', type: 'text' },
      { name: 'pickup_lat', type: 'float8' },
      { name: 'pickup_lng', type: 'float8' },
      { name: 'pickup_address', type: 'text' },
      { name: 'address_city', type: 'text' },
      { name: 'address_postcode', type: 'text' },
      { name: 'address_country', type: 'text' },
      { name: 'home_source', type: 'home_source' },
      { name: 'address_status', type: 'address_status' },
      { name: 'door_to_door', type: 'boolean' },
    ],
    sql.raw(
      'p.id, i.name, i.class, i.roll_no, i.nfc_tag_id, i.pickup_lat, i.pickup_lng, i.pickup_address, ' +
        'i.address_city, i.address_postcode, i.address_country, i.home_source, i.address_status, i.door_to_door',
    ),
    sql.raw('join parents p on p.external_id = i.parent_id'),
  );

/** A guardian of a family row's child (decision 075): the child and family by external id, the guardian by e-mail. */
export interface GuardianLinkRow {
  child: string;
  family: string;
  /** Lower case. */
  email: string;
  name: string;
  phone: string;
  relation: string;
  language: string | null;
}

/**
 * The guardians themselves, one row each (the first row naming an e-mail gives the values): a parent account with
 * this e-mail gets the file's name, phone and language where they differ (a blank language leaves theirs); an
 * e-mail nobody holds becomes a parent account without a password (invited later, as the families are), its
 * address the family's of the row it comes from (the office corrects it on the parent's page), its alternative
 * phone its phone. Runs after the families are written, so a family's parent of the same file is found.
 */
export async function upsertGuardianAccounts(tx: Executor, rows: GuardianLinkRow[]): Promise<Written> {
  const held = await rowsOf<{ email: string; userId: string; storedEmail: string }>(
    tx,
    sql`select lower(u.email) as email, u.id as "userId", u.email as "storedEmail"
        from users u join parents p on p.user_id = u.id
        where lower(u.email) in (select json_array_elements_text(${jsonOf(rows.map((row) => row.email))}::json))`,
  );
  const holder = new Map(held.map((row) => [row.email, row]));
  const existing = rows.flatMap((row) => {
    const account = holder.get(row.email);
    return account ? [{ ...row, userId: account.userId, storedEmail: account.storedEmail }] : [];
  });
  const fresh = rows.filter((row) => !holder.has(row.email)).map((row) => ({ ...row, id: randomUUID() }));
  let updated = 0;
  if (existing.length > 0) {
    // The name through the one writer of other people's names (its address stays as stored: only the case may differ).
    const renamed = await setAccountNamesAndEmails(
      tx,
      existing.map((row) => ({ id: row.userId, name: row.name, email: row.storedEmail })),
      new Date(),
    );
    const input = sql`input as (select * from json_to_recordset(${jsonOf(existing)}::json)
      as x("userId" uuid, phone text, language text))`;
    const phoned = await rowsOf<{ id: string }>(
      tx,
      sql`with ${input}
          update parents p set phone = i.phone, updated_at = clock_timestamp() from input i
          where p.user_id = i."userId" and p.phone is distinct from i.phone returning p.user_id as id`,
    );
    const spoken = await rowsOf<{ id: string }>(
      tx,
      sql`with ${input}
          update users u set language = i.language, updated_at = clock_timestamp() from input i
          where u.id = i."userId" and i.language is not null and u.language is distinct from i.language
          returning u.id`,
    );
    updated = new Set([...renamed, ...phoned.map((row) => row.id), ...spoken.map((row) => row.id)]).size;
  }
  if (fresh.length > 0) {
    await tx.execute(
      sql`insert into users (id, name, email, role, language)
          select i.id, i.name, i.email, 'parent'::user_role, i.language
          from json_to_recordset(${jsonOf(fresh)}::json) as i(id uuid, name text, email text, language text)`,
    );
    const made = await rowsOf<{ id: string }>(
      tx,
      sql`insert into parents (user_id, phone, alternative_phone, address, city, state, pin_code)
          select i.id, i.phone, i.phone, f.address, f.city, f.state, f.pin_code
          from json_to_recordset(${jsonOf(fresh)}::json) as i(id uuid, phone text, family text)
          join parents f on f.external_id = i.family
          returning id`,
    );
    // Each family of the file was written before: a guardian left without a record would be lost silently.
    if (made.length !== fresh.length)
      throw new Error('a new guardian found no family to take an address from');
  }
  return { created: fresh.length, updated };
}

/**
 * The links of each row's child to its guardians (decision 064's student_guardians), with their relation: made, or
 * the relation changed where the file says another. A link the file does not name is left: an import adds
 * guardians, the office unlinks them.
 */
export async function upsertGuardianLinks(tx: Executor, rows: GuardianLinkRow[]): Promise<Written> {
  const written = await rowsOf<{ inserted: boolean }>(
    tx,
    sql`insert into student_guardians (student_id, parent_id, relation)
        select s.id, p.id, i.relation::guardian_relation
        from json_to_recordset(${jsonOf(rows)}::json) as i(child text, email text, relation text)
        join students s on s.external_id = i.child
        join users u on lower(u.email) = i.email
        join parents p on p.user_id = u.id
        on conflict (student_id, parent_id) do update set relation = excluded.relation
        where student_guardians.relation is distinct from excluded.relation
        returning (xmax = 0) as inserted`,
  );
  return countInserted(written);
}

/** The stored homes of these children (by external id): what a file without coordinates leaves in place. */
export async function homesByExternalId(tx: Executor, ids: string[]) {
  const homes = new Map<string, HomeBefore>();
  for (let start = 0; start < ids.length; start += 5_000) {
    const rows = await tx
      .select({
        externalId: students.externalId,
        pickupAndDropLat: students.pickupAndDropLat,
        pickupAndDropLng: students.pickupAndDropLng,
        pickupDropAddress: students.pickupDropAddress,
        addressCity: students.addressCity,
        addressPostcode: students.addressPostcode,
        addressCountry: students.addressCountry,
        homeSource: students.homeSource,
        addressStatus: students.addressStatus,
      })
      .from(students)
      .where(inArray(students.externalId, ids.slice(start, start + 5_000)));
    for (const { externalId, ...home } of rows) homes.set(externalId!, home);
  }
  return homes;
}
