import { sql } from 'drizzle-orm';
import type { Run } from '@school-transport/shared';
import { queryRows, type Executor } from '../../../db/client.js';
import { guardianAccountLinks } from '../../../db/guardian-queries.js';

/** The SQL of plan changes (decision 068): the plans as they are and as announced, the notices, the guardians. */

/** A uuid array parameter (the ids come from the database or from input checked as uuids). */
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A child's plan of one run: the seat's route, the stop on that run (null: own pickup point), its time. */
export interface PlanRow {
  studentId: string;
  run: Run;
  routeId: string;
  routeName: string;
  stopId: string | null;
  stopName: string | null;
  time: string | null;
}

/**
 * The children's standing plans now, one row per seated child and run. The same statement seeded
 * `announced_plans` in migration 0041 (its test holds the two together): a tie to a stop the run does not reach
 * is no stop, and the time is the run's start plus the stop's minutes.
 */
export function currentPlans(db: Executor, studentIds: readonly string[]): Promise<PlanRow[]> {
  return queryRows<PlanRow>(
    db,
    sql`
      select s.student_id as "studentId", r.run, ra.route_id as "routeId", ro.name as "routeName",
        rs.stop_id as "stopId", st.name as "stopName",
        substr((rr.start_time + make_interval(mins => rs.minutes_after_start))::text, 1, 5) as "time"
      from assignment_students s
      join route_assignments ra on ra.id = s.assignment_id
      join routes ro on ro.id = ra.route_id
      cross join unnest(enum_range(null::trip_type)) as r(run)
      left join student_stops ss on ss.student_id = s.student_id and ss.run = r.run
      left join route_stops rs on rs.route_id = ra.route_id and rs.run = r.run and rs.stop_id = ss.stop_id
      left join route_runs rr on rr.route_id = ra.route_id and rr.run = r.run
      left join stops st on st.id = rs.stop_id
      where s.student_id = any(${uuids(studentIds)})`,
  );
}

export interface AnnouncedRow {
  studentId: string;
  run: Run;
  routeId: string;
  stopId: string | null;
  stopName: string | null;
  time: string | null;
  schoolId: string | null;
}

/** The plans last announced to these children's guardians, locked until the commit (one announcer at a time). */
export function lockAnnouncedPlans(tx: Executor, studentIds: readonly string[]): Promise<AnnouncedRow[]> {
  return queryRows<AnnouncedRow>(
    tx,
    sql`
      select student_id as "studentId", run, route_id as "routeId", stop_id as "stopId", stop_name as "stopName",
        time, school_id as "schoolId"
      from announced_plans where student_id = any(${uuids(studentIds)})
      order by student_id, run
      for update`,
  );
}

export async function saveAnnouncedPlan(
  tx: Executor,
  plan: PlanRow,
  schoolId: string | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into announced_plans (student_id, run, route_id, stop_id, stop_name, time, school_id, announced_at)
    values (${plan.studentId}, ${plan.run}, ${plan.routeId}, ${plan.stopId}, ${plan.stopName}, ${plan.time},
      ${schoolId}, ${now})
    on conflict (student_id, run) do update set route_id = excluded.route_id, stop_id = excluded.stop_id,
      stop_name = excluded.stop_name, time = excluded.time, school_id = excluded.school_id,
      announced_at = excluded.announced_at`);
}

/** A child no longer seated has no plan to compare with: their next seat is a first plan again. */
export async function forgetAnnouncedPlan(tx: Executor, studentId: string, run: Run): Promise<void> {
  await tx.execute(sql`delete from announced_plans where student_id = ${studentId} and run = ${run}`);
}

/** What a notice says moved: the stop and time before (unless a first plan) and after, from which school day. */
interface NoticeChange {
  firstPlan: boolean;
  oldStopName: string | null;
  oldTime: string | null;
  newStopName: string | null;
  newTime: string | null;
  effectiveFrom: string;
}

export interface NewNotice extends NoticeChange {
  studentId: string;
  run: Run;
  routeId: string;
  routeName: string;
  schoolId: string | null;
}

/** Writes a notice, superseding the child's open one of the same run; answers its id. */
export async function insertNotice(tx: Executor, notice: NewNotice, now: Date): Promise<string> {
  await tx.execute(sql`
    update plan_change_notices set superseded_at = ${now}
    where student_id = ${notice.studentId} and run = ${notice.run}
      and acknowledged_at is null and superseded_at is null`);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`
      insert into plan_change_notices (student_id, run, route_id, route_name, school_id, first_plan,
        old_stop_name, old_time, new_stop_name, new_time, effective_from, created_at)
      values (${notice.studentId}, ${notice.run}, ${notice.routeId}, ${notice.routeName}, ${notice.schoolId},
        ${notice.firstPlan}, ${notice.oldStopName}, ${notice.oldTime}, ${notice.newStopName}, ${notice.newTime},
        ${notice.effectiveFrom}, ${now})
      returning id`,
  );
  return row!.id;
}

export interface Recipient {
  studentId: string;
  childName: string;
  userId: string;
}

/** The guardians' accounts of these children, with the child's name (what a notification's title says). */
export function guardiansOfChildren(db: Executor, studentIds: readonly string[]): Promise<Recipient[]> {
  if (!studentIds.length) return Promise.resolve([]);
  return queryRows<Recipient>(
    db,
    sql`
      select g.student_id as "studentId", s.name as "childName", g.user_id as "userId"
      from ${guardianAccountLinks()} g join students s on s.id = g.student_id
      where g.student_id = any(${uuids(studentIds)})`,
  );
}

/** A notice with the names a reader needs. */
export interface NoticeRow extends NoticeChange {
  id: string;
  studentId: string;
  childName: string;
  run: Run;
  routeName: string;
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedByName: string | null;
  lastRemindedAt: Date | null;
  schoolName: string | null;
}

const NOTICE_COLUMNS = sql`
  n.id, n.student_id as "studentId", s.name as "childName", n.run, n.route_name as "routeName",
  n.first_plan as "firstPlan", n.old_stop_name as "oldStopName", n.old_time as "oldTime",
  n.new_stop_name as "newStopName", n.new_time as "newTime", n.effective_from::text as "effectiveFrom",
  n.created_at as "createdAt", n.acknowledged_at as "acknowledgedAt",
  n.acknowledged_by_name as "acknowledgedByName", n.last_reminded_at as "lastRemindedAt",
  sc.name as "schoolName"`;

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));
const normalised = (row: NoticeRow): NoticeRow => ({
  ...row,
  createdAt: asDate(row.createdAt)!,
  acknowledgedAt: asDate(row.acknowledgedAt),
  lastRemindedAt: asDate(row.lastRemindedAt),
});

/**
 * A guardian's notices: the newest of each of their children's runs (a superseded one is history), those
 * acknowledged within the last `keptDays` days too, so the portal can say "acknowledged".
 */
export async function noticesOfGuardian(db: Executor, userId: string, since: Date): Promise<NoticeRow[]> {
  const rows = await queryRows<NoticeRow>(
    db,
    sql`
      select ${NOTICE_COLUMNS}
      from plan_change_notices n
      join ${guardianAccountLinks()} g on g.student_id = n.student_id and g.user_id = ${userId}
      join students s on s.id = n.student_id
      left join schools sc on sc.id = n.school_id
      where n.superseded_at is null and (n.acknowledged_at is null or n.acknowledged_at >= ${since})
      order by n.created_at desc, n.id`,
  );
  return rows.map(normalised);
}

/** The notice, locked, when `userId` is a guardian of its child; undefined otherwise (another family's: 404). */
export async function lockNoticeOfGuardian(tx: Executor, id: string, userId: string) {
  const [row] = await queryRows<{
    id: string;
    studentId: string;
    run: Run;
    acknowledgedAt: Date | null;
    supersededAt: Date | null;
  }>(
    tx,
    sql`
      select n.id, n.student_id as "studentId", n.run, n.acknowledged_at as "acknowledgedAt",
        n.superseded_at as "supersededAt"
      from plan_change_notices n
      where n.id = ${id}
        and exists (select 1 from ${guardianAccountLinks()} g where g.student_id = n.student_id and g.user_id = ${userId})
      for update of n`,
  );
  return row;
}

export async function markAcknowledged(tx: Executor, id: string, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update plan_change_notices
    set acknowledged_at = ${now}, acknowledged_by = ${userId},
      acknowledged_by_name = (select name from users where id = ${userId})
    where id = ${id}`);
}

export async function noticeById(db: Executor, id: string): Promise<NoticeRow | undefined> {
  const [row] = await queryRows<NoticeRow>(
    db,
    sql`
      select ${NOTICE_COLUMNS}
      from plan_change_notices n join students s on s.id = n.student_id left join schools sc on sc.id = n.school_id
      where n.id = ${id}`,
  );
  return row && normalised(row);
}

/** The office's list: the open notices (oldest first), of one route or one school, at most `limit`. */
export async function openNotices(
  db: Executor,
  filter: { routeId?: string; schoolId?: string },
  limit: number,
): Promise<NoticeRow[]> {
  const rows = await queryRows<NoticeRow>(
    db,
    sql`
      select ${NOTICE_COLUMNS}
      from plan_change_notices n join students s on s.id = n.student_id left join schools sc on sc.id = n.school_id
      where n.acknowledged_at is null and n.superseded_at is null
        ${filter.routeId ? sql`and n.route_id = ${filter.routeId}` : sql``}
        ${filter.schoolId ? sql`and n.school_id = ${filter.schoolId}` : sql``}
      order by n.created_at, n.id
      limit ${limit}`,
  );
  return rows.map(normalised);
}

/** The guardians (name, e-mail) of these children, for the office's list. */
export function guardianContacts(db: Executor, studentIds: readonly string[]) {
  if (!studentIds.length) return Promise.resolve([]);
  return queryRows<{ studentId: string; name: string; email: string }>(
    db,
    sql`
      select g.student_id as "studentId", u.name, u.email
      from ${guardianAccountLinks()} g join users u on u.id = g.user_id
      where g.student_id = any(${uuids(studentIds)})
      order by u.name, u.id`,
  );
}

/**
 * Marks the chosen open notices reminded, those not reminded yet on `today` (the operator's day): the update is
 * the once-a-day rule, so two office clicks or two processes remind once. Answers the ids marked.
 */
export async function markReminded(
  tx: Executor,
  ids: readonly string[],
  today: string,
  timeZone: string,
  now: Date,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
      update plan_change_notices set last_reminded_at = ${now}, reminders = reminders + 1
      where id = any(${uuids(ids)}) and acknowledged_at is null and superseded_at is null
        and (last_reminded_at is null or (last_reminded_at at time zone ${timeZone})::date < ${today}::date)
      returning id`,
  );
  return rows.map((row) => row.id);
}
