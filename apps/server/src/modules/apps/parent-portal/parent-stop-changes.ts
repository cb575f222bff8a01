import type { StopChange, StopChangeData, StopOption } from '@school-transport/shared';
import type { ChangeContext } from '../../../lib/change-context.js';
import { runsOf } from '../../operations/stop-changes/index.js';
import type { StopChangeService } from '../../operations/stop-changes/index.js';
import { checkCutoff, family, ownChild, type ParentPortalServiceDeps } from './parent-portal-service.js';

export type ParentStopChangeDeps = ParentPortalServiceDeps & { stopChanges: StopChangeService };

/**
 * A parent's stop changes (decision 057): requests for their own children only, a one-off one up to the same
 * cut-off as an absence of that date's run; their list; withdrawing one the office has not decided. A change of
 * another family answers 404 as one that does not exist.
 */
export function createParentStopChanges(deps: ParentStopChangeDeps) {
  const { db, stopChanges } = deps;
  return {
    async list(userId: string): Promise<StopChange[]> {
      const { children } = await family(db, userId);
      return stopChanges.ofStudents(
        children.map((child) => child.id),
        userId,
      );
    },

    /** The stops on offer: every stop of every assigned route's runs (a friend's route is one of them). */
    options: (): Promise<StopOption[]> => stopChanges.options(),

    async request(userId: string, input: StopChangeData, context: ChangeContext): Promise<StopChange> {
      await ownChild(db, userId, input.studentId);
      // The day's plan is fixed at the cut-off, for a stop change as for "not riding": a weekly change starts from
      // a week the office has time to plan.
      if (input.kind === 'ONE_OFF')
        for (const run of runsOf(input.run)) await checkCutoff(deps, input.studentId, input.date!, run);
      return stopChanges.create(input, context, { approved: false });
    },

    async withdraw(userId: string, id: string, context: ChangeContext): Promise<void> {
      const { children } = await family(db, userId);
      const own = new Set(children.map((child) => child.id));
      await stopChanges.withdraw(id, context, (row) => own.has(row.studentId));
    },
  };
}
export type ParentStopChanges = ReturnType<typeof createParentStopChanges>;
