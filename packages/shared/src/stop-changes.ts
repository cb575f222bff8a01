import { z } from 'zod';
import { ABSENCE_RUNS } from './calendar.js';
import { dateField, optionalText, requiredText } from './fields.js';
import { RUNS } from './stops.js';

/**
 * Stop changes (issue 34 item 4, decision 057): a child rides from or to another stop, of their own route or of
 * any other, on some weekdays (custody weeks, after-school care) or on one date ("Thursday she goes home with a
 * friend on route 7"). A parent requests one, the office approves or declines it; the office may also enter one
 * approved at once. Approved ones move the child on the manifests of the days they cover.
 */

/** WEEKLY: on the chosen weekdays, between optional first and last dates; ONE_OFF: on one date. */
export const STOP_CHANGE_KINDS = ['WEEKLY', 'ONE_OFF'] as const;
export type StopChangeKind = (typeof STOP_CHANGE_KINDS)[number];

export const STOP_CHANGE_STATES = ['REQUESTED', 'APPROVED', 'DECLINED', 'WITHDRAWN'] as const;
export type StopChangeState = (typeof STOP_CHANGE_STATES)[number];

/** Which run it changes: one, or both (the same stop on both runs of the target route). */
export const STOP_CHANGE_RUNS = ABSENCE_RUNS;
export type StopChangeRun = (typeof STOP_CHANGE_RUNS)[number];

/** ISO weekdays: 1 is Monday, 7 Sunday (a make-up school day can fall on a weekend). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The API's addresses (below /api): the office's queue and entry, and the parent portal's requests. */
export const STOP_CHANGE_PATHS = {
  list: '/stop-changes',
  pendingCount: '/stop-changes/pending-count',
  options: '/stop-changes/options',
  approve: '/stop-changes/:id/approve',
  decline: '/stop-changes/:id/decline',
  parentList: '/parent/stop-changes',
  parentOptions: '/parent/stop-options',
  parentWithdraw: '/parent/stop-changes/:id/withdraw',
} as const;

/**
 * A request (parent) or an entry (office): the child, when, which run, and where to. The same schema checks the
 * phone's form and the server. A weekly one names at least one weekday; a one-off one a date.
 */
export const stopChangeInputSchema = z
  .object({
    studentId: z.uuid('Choose a child'),
    kind: z.enum(STOP_CHANGE_KINDS, { error: 'Choose one date or weekly' }),
    date: dateField('Date').nullish(),
    weekdays: z.array(z.number().int().min(1).max(7), { error: 'Choose the weekdays' }).max(7).nullish(),
    validFrom: dateField('From').nullish(),
    validUntil: dateField('Until').nullish(),
    run: z.enum(STOP_CHANGE_RUNS, { error: 'Choose morning, afternoon or both' }),
    assignmentId: z.uuid('Choose a route'),
    stopId: z.uuid('Choose a stop'),
    note: optionalText('Note', 300),
  })
  .refine((input) => input.kind !== 'ONE_OFF' || !!input.date, {
    message: 'Choose the date',
    path: ['date'],
  })
  .refine((input) => input.kind !== 'WEEKLY' || (input.weekdays?.length ?? 0) > 0, {
    message: 'Choose at least one weekday',
    path: ['weekdays'],
  })
  .refine((input) => !input.validFrom || !input.validUntil || input.validUntil >= input.validFrom, {
    message: 'Until cannot be before from',
    path: ['validUntil'],
  });
export type StopChangeInput = z.input<typeof stopChangeInputSchema>;
export type StopChangeData = z.output<typeof stopChangeInputSchema>;

/** POST /api/stop-changes/{id}/decline: the reason the parent is told. */
export const stopChangeDeclineSchema = z.object({ reason: requiredText('Reason', 300) });
export type StopChangeDecline = z.input<typeof stopChangeDeclineSchema>;

/** GET /api/stop-changes?state=: the office's queue (REQUESTED by default), oldest request first. */
export const stopChangeListQuerySchema = z.object({
  state: z.enum(STOP_CHANGE_STATES).default('REQUESTED'),
});

const stopPlaceSchema = z.object({
  assignmentId: z.string().nullable(),
  routeName: z.string().nullable(),
  stopId: z.string().nullable(),
  stopName: z.string().nullable(),
});

export const stopChangeSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  kind: z.enum(STOP_CHANGE_KINDS),
  date: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  run: z.enum(STOP_CHANGE_RUNS),
  /** Where the child rides without the change (their own seat and stops); nulls when they have none. */
  from: stopPlaceSchema,
  to: stopPlaceSchema,
  note: z.string().nullable(),
  state: z.enum(STOP_CHANGE_STATES),
  /** Why the office declined it. */
  reason: z.string().nullable(),
  /** Seats free on the target run(s) on the busiest day the change covers, counting approved changes. */
  seatsLeft: z.number().int().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type StopChange = z.infer<typeof stopChangeSchema>;

/** A stop the child may be moved to: a stop of a route assignment's run, with that run's seats. */
export const stopOptionSchema = z.object({
  assignmentId: z.string(),
  routeName: z.string(),
  stopId: z.string(),
  stopName: z.string(),
  /** The runs of that route that stop at it. */
  runs: z.array(z.enum(RUNS)),
});
export type StopOption = z.infer<typeof stopOptionSchema>;

export const pendingCountSchema = z.object({ pending: z.number().int() });

/** A route's stop as one choice of a form's list: `assignmentId:stopId`. */
export const stopTargetKey = (option: Pick<StopOption, 'assignmentId' | 'stopId'>) =>
  `${option.assignmentId}:${option.stopId}`;

/** The stops a change of `run` can go to: those on that run of their route (on both runs for BOTH). */
export const stopsServing = (options: StopOption[], run: StopChangeRun) =>
  options.filter((option) => (run === 'BOTH' ? option.runs.length === 2 : option.runs.includes(run)));

/** What the office's and the parent's forms hold, as typed. */
export interface StopChangeForm {
  studentId: string;
  kind: StopChangeKind;
  date: string;
  weekdays: number[];
  validFrom: string;
  validUntil: string;
  run: StopChangeRun;
  /** A stopTargetKey, or '' before one is chosen. */
  target: string;
  note: string;
}

/** The request a form's fields make: only the chosen kind's days, a blank optional date as none. */
export function stopChangeRequestOf(form: StopChangeForm): StopChangeInput {
  const [assignmentId = '', stopId = ''] = form.target.split(':');
  const weekly = form.kind === 'WEEKLY';
  return {
    studentId: form.studentId,
    kind: form.kind,
    date: weekly ? null : form.date,
    weekdays: weekly ? form.weekdays : null,
    validFrom: weekly && form.validFrom ? form.validFrom : null,
    validUntil: weekly && form.validUntil ? form.validUntil : null,
    run: form.run,
    assignmentId,
    stopId,
    note: form.note,
  };
}
