import {
  PLAN_CHANGE_LIST_MAX,
  RUNS,
  type OfficePlanChangesAnswer,
  type OfficePlanChangesQuery,
  type PlanChange,
  type PlanChangeRemindAnswer,
} from '@school-transport/shared';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { addDays, zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { Translator } from '../../platform/i18n/index.js';
import { schoolDaysBetween } from '../../operations/calendar/index.js';
import {
  enqueueNotifications,
  runName,
  type NotificationDispatcher,
  type NotificationItem,
} from '../../operations/notifications/index.js';
import {
  currentPlans,
  forgetAnnouncedPlan,
  guardianContacts,
  guardiansOfChildren,
  insertNotice,
  lockAnnouncedPlans,
  lockNoticeOfGuardian,
  markAcknowledged,
  markReminded,
  noticeById,
  noticesOfGuardian,
  openNotices,
  saveAnnouncedPlan,
  type NewNotice,
  type NoticeRow,
} from './plan-change-queries.js';

/** A calendar's run of days long enough to hold a school day after any holiday. */
const LOOK_AHEAD_DAYS = 45;
/** How long an acknowledged change stays on a guardian's screen, saying so. */
const ACKNOWLEDGED_SHOWN_DAYS = 14;
const NOT_FOUND = 'Change not found.';

export interface PlanChangeDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  notifications: Pick<NotificationDispatcher, 'wake'>;
}

export interface AnnounceOptions {
  /** The writer's first day of the new plan (YYYY-MM-DD); the notice says the first school day from it. Today. */
  from?: string;
  /** The school whose plan this is (a planner's acceptance); other writers keep the child's last one. */
  schoolId?: string;
}

/** What a notification of a notice needs of it. */
type Told = Pick<NewNotice, 'studentId' | 'run' | 'newStopName' | 'newTime' | 'effectiveFrom'> & {
  id: string;
};

/** The guardian's words of a notice: "From Monday 8 September: stop Oak Street at 07:38." */
function noticeText(notice: Told, child: string, reminder: boolean) {
  const values = {
    child,
    run: runName(notice.run),
    day: { longDay: notice.effectiveFrom },
    stop: notice.newStopName ?? '',
    time: notice.newTime ?? '',
  };
  const body = notice.newStopName
    ? notice.newTime
      ? 'notification.planChange.body'
      : 'notification.planChange.bodyNoTime'
    : 'notification.planChange.bodyOwnPoint';
  return (t: Translator['t']) => ({
    title: t(reminder ? 'notification.planChange.reminderTitle' : 'notification.planChange.title', values),
    body: t(body, values),
  });
}

/** A notification per guardian of the notice's child; `day` set for a reminder (its dedup key's day). */
async function notificationsOf(
  tx: Executor,
  notices: readonly Told[],
  day?: string,
): Promise<NotificationItem[]> {
  const recipients = await guardiansOfChildren(
    tx,
    notices.map((notice) => notice.studentId),
  );
  return notices.flatMap((notice) =>
    recipients
      .filter((recipient) => recipient.studentId === notice.studentId)
      .map((recipient) => ({
        dedupKey: `PLAN_CHANGE:${notice.id}:${recipient.userId}${day ? `:${day}` : ''}`,
        userId: recipient.userId,
        studentId: notice.studentId,
        kind: 'PLAN_CHANGE' as const,
        text: noticeText(notice, recipient.childName, day !== undefined),
        url: '/parent',
      })),
  );
}

/** The first school day on or after `from` (the calendar's; `from` itself when none is near). */
async function firstSchoolDay(tx: Executor, from: string): Promise<string> {
  const [first] = await schoolDaysBetween(tx, from, addDays(from, LOOK_AHEAD_DAYS));
  return first ?? from;
}

/**
 * THE way a change of a child's standing plan is found and told (decision 068): every writer of seats, stops or
 * schedules calls it in its own transaction with the children it may have moved. For each child and run it compares
 * the plan now (seat's route, stop on the run, time) with the one last announced; where the stop or the time moved,
 * or the child has a first plan with a stop, it writes a notice (from the first school day of `from`) and queues a
 * notification to the child's guardians. The same plan again writes nothing; a child no longer seated is forgotten.
 * Answers how many notices were written (the caller wakes the dispatcher after its commit).
 */
export async function announcePlanChanges(
  { clock, timeZone }: Pick<PlanChangeDeps, 'clock' | 'timeZone'>,
  tx: Executor,
  studentIds: readonly string[],
  options: AnnounceOptions = {},
): Promise<number> {
  const ids = [...new Set(studentIds)];
  if (!ids.length) return 0;
  const now = clock();
  const announced = new Map(
    (await lockAnnouncedPlans(tx, ids)).map((row) => [`${row.studentId}:${row.run}`, row]),
  );
  const plans = new Map((await currentPlans(tx, ids)).map((row) => [`${row.studentId}:${row.run}`, row]));
  let effectiveFrom: string | undefined;
  const written: Told[] = [];
  for (const studentId of ids) {
    for (const run of RUNS) {
      const key = `${studentId}:${run}`;
      const before = announced.get(key);
      const plan = plans.get(key);
      if (!plan) {
        if (before) await forgetAnnouncedPlan(tx, studentId, run);
        continue;
      }
      const schoolId = options.schoolId ?? before?.schoolId ?? null;
      const moved = before
        ? before.stopId !== plan.stopId || before.time !== plan.time
        : plan.stopId !== null;
      const same =
        before &&
        !moved &&
        before.routeId === plan.routeId &&
        before.stopName === plan.stopName &&
        before.schoolId === schoolId;
      if (!same) await saveAnnouncedPlan(tx, plan, schoolId, now);
      if (!moved) continue;
      effectiveFrom ??= await firstSchoolDay(tx, options.from ?? zonedDate(now, timeZone));
      const notice: NewNotice = {
        studentId,
        run,
        routeId: plan.routeId,
        routeName: plan.routeName,
        schoolId,
        // No stop before (never seated, or seated with none): nothing to compare with, so a first plan.
        firstPlan: !before || before.stopId === null,
        oldStopName: before?.stopName ?? null,
        oldTime: before?.time ?? null,
        newStopName: plan.stopName,
        newTime: plan.time,
        effectiveFrom,
      };
      written.push({ ...notice, id: await insertNotice(tx, notice, now) });
    }
  }
  if (written.length) await enqueueNotifications(tx, await notificationsOf(tx, written));
  return written.length;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toChange(row: NoticeRow): PlanChange {
  return {
    id: row.id,
    studentId: row.studentId,
    childName: row.childName,
    run: row.run,
    routeName: row.routeName,
    before: row.firstPlan ? null : { stopName: row.oldStopName, time: row.oldTime },
    after: { stopName: row.newStopName, time: row.newTime },
    effectiveFrom: row.effectiveFrom,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedByName: row.acknowledgedByName,
  };
}

/** A guardian's changes: the open ones of their children, and those acknowledged lately. */
export async function changesOfGuardian(
  { db, clock }: PlanChangeDeps,
  userId: string,
): Promise<PlanChange[]> {
  const since = new Date(clock().getTime() - ACKNOWLEDGED_SHOWN_DAYS * 24 * 3600 * 1000);
  return (await noticesOfGuardian(db, userId, since)).map(toChange);
}

/**
 * A guardian acknowledges a change of their child: who and when are kept, and any guardian's acknowledgement counts
 * for the child. Acknowledging again answers it as it is; another family's change is 404, as a missing one.
 */
export async function acknowledgeChange(
  { db, clock }: PlanChangeDeps,
  userId: string,
  id: string,
  context: ChangeContext,
): Promise<PlanChange> {
  await db.transaction(async (tx) => {
    const row = await lockNoticeOfGuardian(tx, id, userId);
    if (!row) throw notFound(NOT_FOUND);
    if (row.acknowledgedAt) return;
    if (row.supersededAt) throw conflict('A newer change replaced this one: acknowledge that one instead.');
    await markAcknowledged(tx, id, userId, clock());
    await recordAudit(tx, {
      ...context,
      action: 'plan_change.acknowledged',
      entityType: 'student',
      entityId: row.studentId,
      details: { planChangeId: id },
    });
  });
  return toChange((await noticeById(db, id))!);
}

/** The office's list of changes no guardian has acknowledged yet, with the guardians to ask. */
export async function openChanges(
  { db }: PlanChangeDeps,
  query: OfficePlanChangesQuery,
): Promise<OfficePlanChangesAnswer> {
  const rows = await openNotices(db, query, PLAN_CHANGE_LIST_MAX + 1);
  const shown = rows.slice(0, PLAN_CHANGE_LIST_MAX);
  const contacts = await guardianContacts(
    db,
    shown.map((row) => row.studentId),
  );
  return {
    changes: shown.map((row) => {
      const { acknowledgedAt: _at, acknowledgedByName: _by, ...change } = toChange(row);
      return {
        ...change,
        guardians: contacts
          .filter((contact) => contact.studentId === row.studentId)
          .map(({ name, email }) => ({ name, email })),
        schoolName: row.schoolName,
        lastRemindedAt: iso(row.lastRemindedAt),
      };
    }),
    truncated: rows.length > PLAN_CHANGE_LIST_MAX,
  };
}

/**
 * The office reminds the guardians of the chosen open changes: a notification again (push, or e-mail where they
 * chose it), at most once a day per change. Answers how many were reminded and how many were not (reminded today
 * already, acknowledged or replaced meanwhile).
 */
export async function remindGuardians(
  { db, clock, timeZone, notifications }: PlanChangeDeps,
  ids: readonly string[],
  context: ChangeContext,
): Promise<PlanChangeRemindAnswer> {
  const unique = [...new Set(ids)];
  const now = clock();
  const today = zonedDate(now, timeZone);
  const reminded = await db.transaction(async (tx) => {
    const marked = await markReminded(tx, unique, today, timeZone, now);
    const rows = (await Promise.all(marked.map((id) => noticeById(tx, id)))).flatMap((row) => row ?? []);
    const items = await notificationsOf(tx, rows, today);
    await enqueueNotifications(tx, items);
    await recordAudit(tx, {
      ...context,
      action: 'plan_change.reminded',
      entityType: 'plan_change',
      details: { chosen: unique.length, reminded: marked.length },
    });
    return marked.length;
  });
  if (reminded) notifications.wake();
  return { reminded, skipped: unique.length - reminded };
}

/** The plan-changes module's services, bound to their dependencies. */
export function createPlanChangeService(deps: PlanChangeDeps) {
  return {
    announce: announcePlanChanges.bind(null, deps),
    /** After a writer's commit: the announced notifications go now rather than at the dispatcher's next poll. */
    wake: () => deps.notifications.wake(),
    ofGuardian: changesOfGuardian.bind(null, deps),
    acknowledge: acknowledgeChange.bind(null, deps),
    open: openChanges.bind(null, deps),
    remind: remindGuardians.bind(null, deps),
  };
}
export type PlanChangeService = ReturnType<typeof createPlanChangeService>;
/** What a writer of seats, stops or schedules is handed: the one announcer and the wake after its commit. */
export type PlanAnnouncer = Pick<PlanChangeService, 'announce' | 'wake'>;
