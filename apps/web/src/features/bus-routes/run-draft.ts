import {
  runScheduleInputSchema,
  type FieldError,
  type Run,
  type RunSchedule,
  type RunScheduleInput,
  type Stop,
} from '@school-transport/shared';

/** One row of a run being edited: the stop and its minutes after the start, as typed. */
export interface DraftStop {
  stop: Pick<Stop, 'id' | 'name' | 'lat' | 'lng' | 'address'>;
  minutes: string;
}

/** A run's schedule as the editor holds it until Save sends it whole. */
export interface RunDraft {
  startTime: string;
  stops: DraftStop[];
}

/** The start a new schedule is offered with: school starts in the morning and ends in the afternoon. */
export const DEFAULT_START: Record<Run, string> = { PICKUP: '07:00', DROP: '15:00' };

export const RUN_LABELS: Record<Run, string> = { PICKUP: 'Morning pickup', DROP: 'Afternoon drop' };

/** True when the run has a schedule on the server (a start time or at least one stop). */
export const hasSchedule = (run: RunSchedule) => run.startTime !== null || run.stops.length > 0;

export function draftOf(run: RunSchedule): RunDraft {
  return {
    startTime: run.startTime ?? DEFAULT_START[run.run],
    stops: run.stops.map(({ id, name, lat, lng, address, minutesAfterStart }) => ({
      stop: { id, name, lat, lng, address },
      minutes: String(minutesAfterStart),
    })),
  };
}

/** What PUT /api/routes/{id}/runs/{run} takes; minutes typed as text become numbers (blank stays invalid). */
export function inputOf(draft: RunDraft): RunScheduleInput {
  return {
    startTime: draft.startTime,
    stops: draft.stops.map(({ stop, minutes }) => ({
      stopId: stop.id,
      minutesAfterStart: minutes.trim() === '' ? Number.NaN : Number(minutes),
    })),
  };
}

/** The minutes of a new last stop: two after the current last, as the server does for a child's stop. */
export function nextMinutes(draft: RunDraft): string {
  const last = draft.stops.at(-1);
  const minutes = last ? Number(last.minutes) : Number.NaN;
  return Number.isFinite(minutes) ? String(minutes + 2) : '0';
}

/** Problems of a draft sorted by where they show: the start time, a row (by index), or the run as a whole. */
export interface DraftProblems {
  startTime?: string;
  rows: Record<number, string>;
  general: string[];
}

export const NO_PROBLEMS: DraftProblems = { rows: {}, general: [] };

/**
 * Places field errors next to what they are about: 'startTime', 'stops.2.minutesAfterStart' or 'stops.2.stopId'
 * (the server's field names and the shared schema's issue paths alike); anything else above the table.
 */
export function placeProblems(errors: readonly FieldError[], fallback?: string): DraftProblems {
  const problems: DraftProblems = { rows: {}, general: [] };
  for (const { field, message } of errors) {
    const row = /^stops\.(\d+)/.exec(field ?? '');
    if (field === 'startTime') problems.startTime ??= message;
    else if (row) problems.rows[Number(row[1])] ??= message;
    else problems.general.push(message);
  }
  if (errors.length === 0 && fallback) problems.general.push(fallback);
  return problems;
}

/** The draft checked by the same schema the server uses; the problems placed as the server's would be. */
export function checkDraft(draft: RunDraft): DraftProblems | null {
  const result = runScheduleInputSchema.safeParse(inputOf(draft));
  if (result.success) return null;
  return placeProblems(
    result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  );
}
