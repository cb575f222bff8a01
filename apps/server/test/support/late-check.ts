import type { Clock } from '../../src/lib/clock.js';
import { createAlertService } from '../../src/modules/operations/alerts/alert-service.js';
import { createBoardService } from '../../src/modules/operations/board/board-service.js';
import { createLateCheck } from '../../src/modules/operations/board/late-check.js';
import { createLiveLog } from '../../src/modules/operations/live/live-log.js';
import type { TestApp } from './test-app.js';

/**
 * The 15 s look at running trips (the LATE alert, parents' late and approaching notices) on the test app's
 * database with the test's own clock: test apps do not run the timer, so a test runs a look when it wants one.
 */
export function lateCheckFor(
  t: TestApp,
  clock: Clock,
  lateMinutes: number,
  offRouteMetres = t.config.alerts.offRouteMetres,
) {
  const { db } = t.app.database;
  const live = createLiveLog(() => t.app.liveHub.committed());
  return createLateCheck({
    db,
    clock,
    board: createBoardService({ db, clock, timeZone: 'UTC', routing: t.config.routing }),
    lateMinutes,
    offRouteMetres,
    alerts: createAlertService({ db, clock, live, timeZone: 'UTC' }),
    live,
    notifications: t.app.notificationDispatcher,
  });
}
