import type { Executor } from '../../../db/client.js';
import { guardiansOfStudents } from '../../../db/guardian-queries.js';
import { enqueueNotifications } from '../notifications/index.js';
import { describedById, type StopChangeRow } from './stop-change-queries.js';

/**
 * Tells the guardian who asked (while they are still a guardian of the child: decision 064) that the office approved or declined a stop change,
 * in the transaction of the decision: a rollback tells nothing, and the dedup key keeps each decision to one. The
 * office's entries are not told: nobody asked. Answers how many were written (the caller wakes the dispatcher).
 */
export async function tellParentOfDecision(
  tx: Executor,
  change: Pick<StopChangeRow, 'id' | 'studentId' | 'requestedBy' | 'state' | 'reason'>,
): Promise<number> {
  const described = await describedById(tx, change.id);
  const guardians = await guardiansOfStudents(tx, [change.studentId], { told: true });
  const asker = guardians.find((guardian) => guardian.userId === change.requestedBy);
  if (!described || !asker) return 0;
  const { change: row } = described;
  const values = {
    child: described.studentName,
    route: described.toRouteName,
    stop: described.toStopName,
    when: row.kind === 'ONE_OFF' ? { day: row.date! } : { message: 'notification.stopChange.weekly' },
    // The office's own words, as typed: not translated.
    reason: change.reason ?? '',
  };
  const approved = change.state === 'APPROVED';
  return enqueueNotifications(tx, [
    {
      dedupKey: `STOP_CHANGE:${change.id}:${change.state}`,
      userId: asker.userId,
      studentId: change.studentId,
      kind: 'STOP_CHANGE',
      text: (t) => ({
        title: t(
          approved ? 'notification.stopChange.approvedTitle' : 'notification.stopChange.declinedTitle',
          values,
        ),
        body: t(
          approved ? 'notification.stopChange.approvedBody' : 'notification.stopChange.declinedBody',
          values,
        ),
      }),
      url: '/parent/stop-changes',
    },
  ]);
}
