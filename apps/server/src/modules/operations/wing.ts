import type { Student } from '@school-transport/shared';
import { authenticate } from '../platform/auth/index.js';
import type { PlatformWing, SharedServices, WingRoutes } from '../platform/wing.js';
import { alertRoutes, createAlertChecks, createAlertService } from './alerts/index.js';
import { boardRoutes, createBoardService, createLateCheck, createRoadDurations } from './board/index.js';
import {
  calendarRoutes,
  createAbsenceService,
  createCalendarService,
  tripsAheadJob,
} from './calendar/index.js';
import {
  complianceRoutes,
  createComplianceService,
  createCredentialKindService,
  createCredentialService,
  credentialExpiryJob,
} from './compliance/index.js';
import { coverRoutes, createCoverService } from './covers/index.js';
import { dashboardRoutes } from './dashboard/index.js';
import {
  createFamilyMessageService,
  createMessageTemplateService,
  familyMessageJob,
  familyMessageRoutes,
  messageTemplateRoutes,
} from './family-messages/index.js';
import { createDriversHoursService, driversHoursRoutes } from './drivers-hours/index.js';
import { createFieldTripService, fieldTripRoutes } from './field-trips/index.js';
import { createHandOverService, handOverRoutes } from './hand-over/index.js';
import { createFamilyInboxService, familyInboxRoutes } from './family-inbox/index.js';
import { createChildCheckAlerts, createInspectionService, inspectionRoutes } from './inspections/index.js';
import {
  createLiveAccess,
  createLiveLog,
  createLiveStreams,
  LiveHub,
  liveEventsPruneJob,
  liveRoutes,
  STREAMS_PER_ADDRESS,
  STREAMS_PER_SESSION,
  STREAMS_PER_USER,
  STREAMS_SHARE_OF_CONNECTIONS,
  type LiveHubOptions,
  type LiveStreamOptions,
  type StreamCaps,
  type StreamScope,
} from './live/index.js';
import {
  createNotificationDispatcher,
  createNotificationService,
  createVapidKeys,
  notificationRoutes,
} from './notifications/index.js';
import { changedStopsOn, createStopChangeService, stopChangeRoutes } from './stop-changes/index.js';
import { retentionJob } from './retention/index.js';
import { ridershipRoutes, trackerRoutes } from './ridership/index.js';
import { createTripCombineService, createTripService, tripRoutes } from './trips/index.js';

/** The live stream's timings and sizes, smaller in tests than the defaults (live-hub.ts, live-service.ts). */
export type LiveTuning = Pick<LiveHubOptions, 'gapWaitMs' | 'memoryEvents'> &
  Pick<LiveStreamOptions, 'keepAliveMs' | 'maxBufferedBytes' | 'recheckMs'> & {
    caps?: Partial<StreamCaps>;
  };

/**
 * What operations asks of the wings above it, which it may not import: app.ts hands these down as functions, called
 * only once requests come (the wings above are built by then).
 */
export interface FromAbove {
  /** An assignment's children (records' families): a trip's manifest. */
  studentsOf(assignmentId: string): Promise<Student[]>;
  /** What a parent's live stream may carry (the parent portal's parent-live.ts). */
  parentScope(userId: string): Promise<StreamScope>;
}

/**
 * The operations wing: the day as it happens. The live stream, alerts, the board, trips, covers, the school calendar,
 * ridership and trackers, notifications to parents, compliance, inspections, the dashboard, and the jobs that keep
 * it going (periodic alerts, the outbox, the daily trips and retention).
 */
export function operationsWing(
  { config, database, db, clock, log }: SharedServices,
  { services: platform }: PlatformWing,
  fromAbove: FromAbove,
  tuning: LiveTuning = {},
) {
  const { timeZone, locale, publicUrl } = config;
  const { jobRunner, authenticator, mailer, storage, urls } = platform;
  const { keepAliveMs, maxBufferedBytes, recheckMs, caps, ...hubTuning } = tuning;
  const lifetimes = config.session;

  // The live stream's fan-out in this process; app.ts starts it once the app is ready and stops it first.
  const hub = new LiveHub({ db, listen: database.listen, notify: database.notify, log, ...hubTuning });
  const streams = createLiveStreams({
    hub,
    log,
    keepAliveMs,
    maxBufferedBytes,
    // A parent's stream carries only their own children's events and their bus while it carries them.
    parentScope: fromAbove.parentScope,
    // Streams end with their session (decision 051): access changes end them at once (live-access.ts); this
    // catches what no write tells of, a session's expiry or idle time, by the same rules as every request.
    sessionOf: async function liveSession(token) {
      const session = await authenticate(db, token, clock(), lifetimes, { touch: false });
      return session && { userId: session.user.id, role: session.user.role };
    },
    recheckMs,
    caps: {
      perSession: STREAMS_PER_SESSION,
      perUser: STREAMS_PER_USER,
      perAddress: STREAMS_PER_ADDRESS,
      total: Math.floor(config.http.maxConnections * STREAMS_SHARE_OF_CONNECTIONS),
      ...caps,
    },
  });
  const access = createLiveAccess({
    notify: database.notify,
    endUser: streams.endUser,
    resync: streams.resync,
    log,
  });
  hub.access = access;
  const live = createLiveLog(() => hub.committed());

  // Parents' notifications: the outbox's sender, the notification-dispatch job, woken by producers after their
  // commit. Endpoints only at the browsers' push services or an origin the operator added (push-endpoints.ts).
  const vapidKeys = createVapidKeys(db);
  const extraPushOrigins = config.push.extraOrigins;
  const notifications = createNotificationService({ db, vapidKeys, extraPushOrigins });
  const notificationDispatcher = createNotificationDispatcher({
    db,
    log,
    mailer,
    vapidKeys,
    mailFrom: config.mail.from,
    publicUrl,
    extraPushOrigins,
    wake: jobRunner.waker('notification-dispatch'),
  });
  const alerts = createAlertService({ db, clock, live, timeZone });
  const alertChecks = createAlertChecks({
    db,
    clock,
    timeZone,
    notStartedMinutes: config.alerts.notStartedMinutes,
    alerts,
    live,
  });
  const routing = config.routing;
  const roads = routing.url ? createRoadDurations({ url: routing.url, log }) : null;
  const board = createBoardService({ db, clock, timeZone, routing, roads });
  const lateCheck = createLateCheck({
    db,
    clock,
    board,
    lateMinutes: config.alerts.lateMinutes,
    offRouteMetres: config.alerts.offRouteMetres,
    alerts,
    live,
    notifications: notificationDispatcher,
  });
  const compliance = createComplianceService({ db, clock, timeZone });
  const credentials = createCredentialService({ db, clock, timeZone, storage, urls });
  const credentialKinds = createCredentialKindService({ db });
  const { studentsOf } = fromAbove;
  const trips = createTripService({
    db,
    clock,
    timeZone,
    studentsOf,
    live,
    notifications: notificationDispatcher,
    compliance,
    ridingOn: changedStopsOn,
  });
  const combines = createTripCombineService({
    db,
    clock,
    timeZone,
    live,
    notifications: notificationDispatcher,
    ridingOn: changedStopsOn,
    travel: routing,
  });
  const covers = createCoverService({
    db,
    clock,
    timeZone,
    compliance,
    live,
    notifications: notificationDispatcher,
  });
  // Field trips (decision 073): their buses are trips; booked only when free, depot legs as the ETAs model them.
  const fieldTrips = createFieldTripService({
    db,
    clock,
    timeZone,
    travel: routing,
    compliance,
    live,
    mailer,
    publicUrl,
    log,
  });
  const tripsAheadDays = config.dailyJobs.tripsAheadDays;
  const calendar = createCalendarService({ db, clock, timeZone, tripsAheadDays, trips, live });
  const absences = createAbsenceService({ db, clock, timeZone, locale });
  const stopChanges = createStopChangeService({ db, clock, timeZone, notifications: notificationDispatcher });
  // The office's messages to families (decision 066): the family-messages job writes each one's recipients and
  // outbox rows, then the dispatcher sends them.
  const familyMessages = createFamilyMessageService({
    db,
    clock,
    timeZone,
    wakeJob: jobRunner.waker('family-messages'),
  });
  const messageTemplates = createMessageTemplateService({ db });
  const handOver = createHandOverService({
    db,
    urls,
    storage,
    rule: config.handOver.rule,
    noAdult: config.handOver.noAdult,
  });
  const familyInbox = createFamilyInboxService({
    db,
    clock,
    timeZone,
    notifications: notificationDispatcher,
  });
  const inspections = createInspectionService({ db, clock, timeZone, storage, urls, alerts, live });
  const childCheckAlerts = createChildCheckAlerts({ db, clock, timeZone, alerts, live });
  const driversHours = createDriversHoursService({ db, clock, timeZone });

  const routes: WingRoutes = [
    tripRoutes(trips, locale, combines),
    coverRoutes(covers),
    fieldTripRoutes(fieldTrips, db),
    stopChangeRoutes(stopChanges),
    familyInboxRoutes(familyInbox),
    calendarRoutes(calendar, absences, locale),
    ridershipRoutes({ db, clock, live, alerts, notifications: notificationDispatcher, timeZone, handOver }),
    handOverRoutes(handOver),
    trackerRoutes({ db, clock, live }),
    dashboardRoutes(db, clock, timeZone),
    inspectionRoutes({ inspections, storage, urls, authenticator }),
    driversHoursRoutes({ hours: driversHours, db, timeZone }),
    alertRoutes(alerts),
    boardRoutes(board),
    notificationRoutes(notifications),
    messageTemplateRoutes(messageTemplates),
    familyMessageRoutes(familyMessages),
    liveRoutes({
      streams,
      cookie: {
        secure: publicUrl.startsWith('https:'),
        maxAgeSeconds: Math.floor(lifetimes.absoluteMs / 1000),
      },
    }),
    complianceRoutes({ compliance, credentials, kinds: credentialKinds, storage, urls, authenticator }),
  ];
  const jobs = {
    alertChecks: alertChecks.run,
    lateCheck: lateCheck.run,
    childCheckAlerts: childCheckAlerts.run,
    notificationDispatch: notificationDispatcher.runOnce,
    familyMessages: familyMessageJob({ db, wakeDispatcher: notificationDispatcher.wake }),
    liveCatchUp: () => hub.catchUp(),
    tripsAhead: tripsAheadJob(trips, tripsAheadDays),
    liveEventsPrune: liveEventsPruneJob(clock),
    retention: retentionJob(clock, config.retention),
    credentialExpiry: credentialExpiryJob({ clock, alerts, mailer, publicUrl, live }),
  };
  return {
    services: {
      hub,
      streams,
      access,
      live,
      notificationDispatcher,
      alerts,
      board,
      compliance,
      absences,
      stopChanges,
      handOver,
      familyInbox,
    },
    routes,
    jobs,
  };
}
export type OperationsWing = ReturnType<typeof operationsWing>;
