import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { accessChanged } from '../../../lib/access-changes.js';
import { setAccountNamesAndEmails } from '../../platform/users/index.js';
import type { Current, Plan } from './roster-diff.js';

/**
 * The SQL of roster sync: the records as they are (what the diff compares), and the plan's writes, set-based
 * (json_to_recordset, a batch a statement), in the caller's transaction.
 */

/** Rows a statement: a 10,000-child roster is two statements a step. */
const BATCH = 5_000;

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH));
}

const json = (rows: unknown) => JSON.stringify(rows);
const recordset = (rows: unknown, columns: string): SQL =>
  sql`json_to_recordset(${json(rows)}::json) as i(${sql.raw(columns)})`;

export async function loadCurrent(db: Executor, emails: string[]): Promise<Current> {
  const schools = await queryRows<Current['schools'][number]>(
    db,
    sql`select id, sourced_id as "sourcedId", name, lat, lng, deactivated_at is not null as inactive from schools`,
  );
  const students = await queryRows<Current['students'][number]>(
    db,
    sql`select id, sourced_id as "sourcedId", name, class, roll_no as "rollNo", parent_id as "parentId",
          deactivated_at is not null as inactive
        from students where sourced_id is not null`,
  );
  const guardians = await queryRows<Current['guardians'][number]>(
    db,
    sql`select p.id, p.user_id as "userId", p.sourced_id as "sourcedId", u.name, u.email, p.phone,
          p.deactivated_at is not null as inactive
        from parents p join users u on u.id = p.user_id where p.sourced_id is not null`,
  );
  const links = await queryRows<Current['links'][number]>(
    db,
    sql`select sg.student_id as "studentId", sg.parent_id as "parentId"
        from student_guardians sg
        join students s on s.id = sg.student_id and s.sourced_id is not null
        join parents p on p.id = sg.parent_id and p.sourced_id is not null`,
  );
  const holders = await queryRows<{
    email: string;
    userId: string;
    role: string;
    parentId: string | null;
    sourcedId: string | null;
  }>(
    db,
    sql`select lower(u.email) as email, u.id as "userId", u.role::text as role, p.id as "parentId",
          p.sourced_id as "sourcedId"
        from users u left join parents p on p.user_id = u.id
        where lower(u.email) in (select json_array_elements_text(${json(emails)}::json))`,
  );
  return {
    schools,
    students,
    guardians,
    links,
    emailHolders: new Map(holders.map(({ email, ...holder }) => [email, holder])),
  };
}

/** The plan's writes, in order: schools, guardians (accounts first), children, links; then what went away. */
export async function applyPlan(tx: Executor, plan: Plan, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { schools, guardians, students, links } = plan;

  // New schools get the office's usual day until it sets theirs; their point is a placeholder (decision 071).
  await inBatches(schools.insert, (rows) =>
    tx.execute(sql`insert into schools (id, sourced_id, name, lat, lng, bell_time, dismissal_time)
      select i.id, i."sourcedId", i.name, i.lat, i.lng, '08:00', '15:00'
      from ${recordset(rows, 'id uuid, "sourcedId" text, name text, lat float8, lng float8')}`),
  );
  await inBatches(schools.update, (rows) =>
    tx.execute(sql`update schools s set sourced_id = i."sourcedId", name = i.name, deactivated_at = null,
        updated_at = clock_timestamp()
      from ${recordset(rows, 'id uuid, "sourcedId" text, name text')} where s.id = i.id`),
  );

  await inBatches(guardians.insert, async (rows) => {
    await tx.execute(sql`insert into users (id, name, email, role)
      select i."userId", i.name, i.email, 'parent'::user_role
      from ${recordset(rows, '"userId" uuid, name text, email text')}`);
    await tx.execute(sql`insert into parents (id, user_id, phone, alternative_phone, address, state, pin_code, sourced_id)
      select i.id, i."userId", i.phone, '', '', '', '', i."sourcedId"
      from ${recordset(rows, 'id uuid, "userId" uuid, phone text, "sourcedId" text')}`);
  });
  await inBatches(guardians.update, async (rows) => {
    await setAccountNamesAndEmails(
      tx,
      rows.map((row) => ({ id: row.userId, name: row.name, email: row.email })),
      now,
    );
    // An account the roster disabled (at the moment it deactivated the guardian) is enabled again; one the office
    // disabled stays so.
    await tx.execute(sql`update users u set disabled_at = null, updated_at = ${at}
      from ${recordset(rows, 'id uuid')} join parents p on p.id = i.id
      where u.id = p.user_id and p.deactivated_at is not null and u.disabled_at = p.deactivated_at`);
    await tx.execute(sql`update parents p set sourced_id = i."sourcedId", phone = i.phone, deactivated_at = null,
        updated_at = clock_timestamp()
      from ${recordset(rows, 'id uuid, "sourcedId" text, phone text')} where p.id = i.id`);
  });

  // A new child's primary guardian link is made by the trigger students_primary_guardian.
  await inBatches(students.insert, (rows) =>
    tx.execute(sql`insert into students (id, sourced_id, parent_id, name, class, roll_no, pickup_lat, pickup_lng,
        pickup_address, address_city, address_postcode, address_country, home_source, address_status)
      select i.id, i."sourcedId", i."parentId", i.name, i.class, i."rollNo", i.lat, i.lng,
        i.address, i.city, i.postcode, i.country,
        -- a point the geocoder has yet to find has no source yet (decision 072)
        case when i.lat is null then null else 'HAND' end::home_source, i."addressStatus"::address_status
      from ${recordset(rows, 'id uuid, "sourcedId" text, "parentId" uuid, name text, class text, "rollNo" text, lat float8, lng float8, address text, city text, postcode text, country text, "addressStatus" text')}`),
  );
  await inBatches(students.update, (rows) =>
    tx.execute(sql`update students s set name = i.name, class = i.class, roll_no = i."rollNo", deactivated_at = null,
        updated_at = clock_timestamp()
      from ${recordset(rows, 'id uuid, name text, class text, "rollNo" text')} where s.id = i.id`),
  );

  await inBatches(links.add, (rows) =>
    tx.execute(sql`insert into student_guardians (student_id, parent_id, relation)
      select i."studentId", i."parentId", i.relation::guardian_relation
      from ${recordset(rows, '"studentId" uuid, "parentId" uuid, relation text')}
      on conflict do nothing`),
  );
  await inBatches(links.remove, (rows) =>
    tx.execute(sql`delete from student_guardians sg using ${recordset(rows, '"studentId" uuid, "parentId" uuid')}
      where sg.student_id = i."studentId" and sg.parent_id = i."parentId"`),
  );

  // Gone upstream: deactivated, never deleted (their trips, seats and history stay).
  await inBatches(schools.deactivate, (ids) =>
    tx.execute(sql`update schools set deactivated_at = ${at}
      where id in (select value::uuid from json_array_elements_text(${json(ids)}::json))`),
  );
  await inBatches(students.deactivate, (ids) =>
    tx.execute(sql`update students set deactivated_at = ${at}
      where id in (select value::uuid from json_array_elements_text(${json(ids)}::json))`),
  );
  await inBatches(guardians.deactivate, async (rows) => {
    await tx.execute(sql`update parents set deactivated_at = ${at}
      where id in (select i.id from ${recordset(rows, 'id uuid')})`);
    // Their sign-in goes with them (sessions check disabled_at on every request).
    await tx.execute(sql`update users set disabled_at = ${at}, updated_at = ${at}
      where disabled_at is null and id in (select i."userId" from ${recordset(rows, '"userId" uuid')})`);
  });
  if (guardians.deactivate.length > 0 || guardians.update.length > 0) accessChanged();
}

/** The records the office may reactivate by hand, by their table (decision 076). */
export type ReactivatedKind = 'student' | 'parent' | 'school';
const TABLE_OF: Record<ReactivatedKind, string> = {
  student: 'students',
  parent: 'parents',
  school: 'schools',
};

/**
 * Reactivates one record in the caller's transaction, as a sync that finds it upstream again does: its
 * `deactivated_at` cleared and, for a guardian, the account enabled again if the roster disabled it (an account the
 * office disabled stays so). Answers what it was (`missing`: no such record; `active`: it already was).
 */
export async function reactivateRecord(
  tx: Executor,
  kind: ReactivatedKind,
  id: string,
  now: Date,
): Promise<{ state: 'missing' | 'active' | 'reactivated'; name: string | null }> {
  const table = sql.raw(TABLE_OF[kind]);
  const [row] = await queryRows<{ deactivatedAt: string | null; userId: string | null }>(
    tx,
    sql`select deactivated_at::text as "deactivatedAt", ${kind === 'parent' ? sql`user_id` : sql`null::uuid`} as "userId"
        from ${table} where id = ${id}::uuid for update`,
  );
  if (!row) return { state: 'missing', name: null };
  const [named] = await queryRows<{ name: string }>(
    tx,
    kind === 'parent'
      ? sql`select name from users where id = ${row.userId}::uuid`
      : sql`select name from ${table} where id = ${id}::uuid`,
  );
  const name = named?.name ?? null;
  if (row.deactivatedAt === null) return { state: 'active', name };
  const at = sql`${now.toISOString()}::timestamptz`;
  if (kind === 'parent') {
    await tx.execute(sql`update users u set disabled_at = null, updated_at = ${at}
      from parents p where p.id = ${id}::uuid and u.id = p.user_id and u.disabled_at = p.deactivated_at`);
    accessChanged();
  }
  await tx.execute(sql`update ${table} set deactivated_at = null, updated_at = ${at} where id = ${id}::uuid`);
  return { state: 'reactivated', name };
}
