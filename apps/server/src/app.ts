import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { tileOrigin, type AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import type { ProgressListener } from './db/progress-listener.js';
import { systemClock, type Clock } from './lib/clock.js';
import { failure } from './lib/envelope.js';
import { errorSerializer, requestSerializer } from './lib/log-serializers.js';
import {
  accountRoutes,
  createAccountService,
  createInvitationSender,
  createParentProfileService,
  createRoleAccountService,
  createStaffService,
  parentProfileRoutes,
  roleAccountRoutes,
  staffRoutes,
} from './modules/platform/accounts/index.js';
import {
  addAlertChecks,
  alertRoutes,
  createAlertChecks,
  createAlertService,
} from './modules/operations/alerts/index.js';
import { assignmentRoutes, createAssignmentService } from './modules/records/assignments/index.js';
import { addAuditRetention, auditRoutes } from './modules/platform/audit/index.js';
import {
  authenticate,
  authRoutes,
  createAuthenticator,
  createAuthService,
  createSecondFactorService,
  loginRefusal,
  pruneChallenges,
  pruneLoginFailures,
  pruneWebauthnChallenges,
  refusalMessage,
  relyingPartyOf,
  secondFactorRoutes,
  secretBox,
} from './modules/platform/auth/index.js';
import {
  boardRoutes,
  createBoardService,
  createLateCheck,
  createRoadDurations,
} from './modules/operations/board/index.js';
import { busRouteRoutes, createBusRouteService } from './modules/records/bus-routes/index.js';
import {
  calendarRoutes,
  createAbsenceService,
  createCalendarService,
} from './modules/operations/calendar/index.js';
import {
  addDailyJobs,
  liveEventsPruneJob,
  retentionJob,
  tripsAheadJob,
} from './modules/operations/daily-jobs/index.js';
import { dashboardRoutes } from './modules/operations/dashboard/index.js';
import { createDriverAppService, driverAppRoutes } from './modules/apps/driver-app/index.js';
import {
  createChildCheckAlerts,
  createInspectionService,
  inspectionRoutes,
} from './modules/operations/inspections/index.js';
import {
  complianceRoutes,
  createComplianceService,
  createCredentialKindService,
  createCredentialService,
  credentialExpiryJob,
} from './modules/operations/compliance/index.js';
import { createDriverService, driverRoutes } from './modules/records/drivers/index.js';
import { createParentService, createStudentService, familyRoutes } from './modules/records/families/index.js';
import { healthRoutes } from './modules/platform/health/index.js';
import { createMailer } from './modules/platform/mail/index.js';
import {
  addNotificationDispatcher,
  createNotificationDispatcher,
  createNotificationService,
  createVapidKeys,
  type NotificationDispatcher,
  notificationRoutes,
} from './modules/operations/notifications/index.js';
import {
  createPlannerService,
  createPlanRunner,
  plannerRoutes,
  type PlanRunner,
} from './modules/records/planner/index.js';
import {
  createParentLiveScopes,
  createParentPortalService,
  parentPortalRoutes,
} from './modules/apps/parent-portal/index.js';
import {
  countOnTimeRollupsWith,
  createReportsService,
  reportRoutes,
} from './modules/records/reports/index.js';
import { exportRoutes } from './modules/records/exports/index.js';
import { createImportService, importRoutes } from './modules/records/imports/index.js';
import { ridershipRoutes, trackerRoutes } from './modules/operations/ridership/index.js';
import { settingsRoutes } from './modules/platform/settings/index.js';
import { createScheduleService, createStopService, stopRoutes } from './modules/records/stops/index.js';
import { createSchoolService, schoolRoutes } from './modules/records/schools/index.js';
import { createTripService, tripRoutes } from './modules/operations/trips/index.js';
import {
  createLiveAccess,
  createLiveLog,
  createLiveStreams,
  LiveHub,
  type LiveHubOptions,
  liveRoutes,
  type LiveStreamOptions,
  type LiveStreams,
  type StreamCaps,
  STREAMS_PER_ADDRESS,
  STREAMS_PER_SESSION,
  STREAMS_PER_USER,
  STREAMS_SHARE_OF_CONNECTIONS,
} from './modules/operations/live/index.js';
import { addAccessTracking } from './lib/access-changes.js';
import {
  createImageStorage,
  createImageUrls,
  serverSecret,
  uploadRoutes,
} from './modules/platform/uploads/index.js';
import { createVehicleService, vehicleRoutes } from './modules/records/vehicles/index.js';
import { addApiDocs } from './plugins/api-docs.js';
import { addAuthentication, type Access } from './plugins/authentication.js';
import { addErrorHandling } from './plugins/error-handler.js';
import { addNotFoundHandling } from './plugins/not-found.js';
import { addRateLimits } from './plugins/rate-limit.js';
import { RequestLog } from './plugins/request-log.js';
import { addSecurityHeaders } from './plugins/security-headers.js';
import { addCompression } from './plugins/compression.js';
import { addWebApp } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Every API route with who may call it: the authorization matrix test is built from this. */
    routeTable: RouteEntry[];
    /** The live stream's fan-out in this process (tests watch its cursor and its streams). */
    liveHub: LiveHub;
    /** The open live streams of this process: their caps, their ends (tests look at them and run the re-check). */
    liveStreams: LiveStreams;
    /** Sends the notification outbox; producers call its wake() after their commit (tests run it too). */
    notificationDispatcher: NotificationDispatcher;
    /** The route planner's threads in this process (tests look at which jobs still run here). */
    planRunner: PlanRunner;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

export interface BuildOptions {
  /** Where log lines go; tests pass a stream to read them back. Defaults to stdout. */
  logStream?: DestinationStream;
  clock?: Clock;
  /** Hears a database being created or migrated at start, for the command line to show (lib/progress.ts). */
  progress?: ProgressListener;
  /**
   * Off: answers are sent as the handler built them, without their declared schema (only to measure what checking
   * them costs: bench/response-schema-cost.ts). On by default.
   */
  responseSchemas?: boolean;
  /** The live stream's timings and sizes, smaller in tests than the defaults (live-hub.ts, live-service.ts). */
  live?: Pick<LiveHubOptions, 'gapWaitMs' | 'pollMs' | 'memoryEvents'> &
    Pick<LiveStreamOptions, 'keepAliveMs' | 'maxBufferedBytes' | 'recheckMs'> & {
      caps?: Partial<StreamCaps>;
    };
}

/** How long closing waits for running handlers; below the server's own shutdown grace (10 s, server.ts). */
const HANDLER_GRACE_MS = 8_000;

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_BAD_URL: 'The address is not valid.',
};

/** Headers and body fields that must never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.currentPassword',
  '*.newPassword',
];

/**
 * Builds the whole server from a validated configuration: opens and migrates the database, then registers each
 * plugin and module explicitly, in an order that reads top to bottom. Closing the app closes the database.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // No query values and no database values in any line (lib/log-serializers.ts).
      serializers: { req: requestSerializer, err: errorSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    logController: new RequestLog(),
    bodyLimit: 1_048_576,
    // Slow clients (decision 022). Fastify's defaults switch off Node's request timeout and the socket's idle one.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      // Node checks both timeouts on this beat; its default, 30 s, would stretch a 10 s headers timeout to 40.
      connectionsCheckingInterval: 1_000,
    },
    // Believe X-Forwarded-For only for as many hops as there are proxies we run in front of the server.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    // The router's own refusals (a path parameter too long, a malformed URL) leave in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .code(status)
        .send(failure(FRAMEWORK_ERROR_MESSAGES[error.code] ?? 'The request is not valid.'));
    },
  });
  // Beyond this, Node closes new connections at once instead of letting them queue for memory and descriptors.
  app.server.maxConnections = config.http.maxConnections;
  const database = await openDatabase(
    config.database,
    (error) => app.log.warn({ err: error }, 'database connection lost'),
    options.progress,
  );
  try {
    await database.migrate(options.progress);
    // The on-time rollups count with one tolerance; a changed REPORT_ON_TIME_MINUTES counts them again, once.
    if (await countOnTimeRollupsWith(database.db, config.reports.onTimeMinutes))
      app.log.info({ minutes: config.reports.onTimeMinutes }, 'on-time rollups counted again');
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('database', database);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // The docs pages are static files, not API calls; HEAD twins of GET routes add nothing.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, access: route.config?.access ?? 'admin' });
    }
  });
  // Close the database only once every handler has finished. The HTTP server closes as soon as its sockets do, but a
  // handler whose client hung up keeps running, and would otherwise find the database gone. Handlers are tracked
  // themselves: Fastify sends nothing (no onSend, no onResponse) for a request whose client left, so hooks would
  // count such a request as running for ever.
  const running = new Set<Promise<unknown>>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function trackedHandler(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      // Only async handlers touch the database; a synchronous one (a static file) is handed back untouched.
      if (!(result instanceof Promise)) return result;
      running.add(result);
      result.then(
        () => running.delete(result),
        () => running.delete(result),
      );
      return result;
    };
  });
  app.addHook('onClose', async () => {
    await Promise.race([
      Promise.allSettled([...running]),
      new Promise((resolve) => setTimeout(resolve, HANDLER_GRACE_MS)),
    ]);
    await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    options.responseSchemas === false ? () => (data: unknown) => JSON.stringify(data) : serializerCompiler,
  );
  addErrorHandling(app);
  await addSecurityHeaders(app, { mapTileOrigin: tileOrigin(config.map.tileUrl) });
  await addRateLimits(app);
  await addCompression(app);
  await addApiDocs(app);

  const { db } = database;
  // The live stream's fan-out: started once the app is ready, stopped before the database closes.
  const { keepAliveMs, maxBufferedBytes, recheckMs, caps, ...hubTuning } = options.live ?? {};
  const hub = new LiveHub({
    db,
    listen: database.listen,
    notify: database.notify,
    log: app.log,
    ...hubTuning,
  });
  app.decorate('liveHub', hub);
  const lifetimes = config.session;
  const streams = createLiveStreams({
    hub,
    log: app.log,
    keepAliveMs,
    maxBufferedBytes,
    // A parent's stream carries only their own children's events and their bus while it carries them.
    parentScope: createParentLiveScopes({ db, clock, timeZone: config.timeZone }),
    // Streams end with their session (decision 051): access changes end them at once (below); this catches
    // what no write tells of, a session's expiry or idle time, by the same rules as every request.
    sessionOf: async (token) => {
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
  app.decorate('liveStreams', streams);
  const access = createLiveAccess({
    notify: database.notify,
    endUser: streams.endUser,
    resync: streams.resync,
    log: app.log,
  });
  hub.access = access;
  addAccessTracking(app, access.caughtUp);
  app.addHook('onReady', () => hub.start());
  // Streams end first, so the shutdown does not wait for browsers to hang up (they reconnect elsewhere).
  app.addHook('preClose', async () => {
    streams.endAll();
    await hub.stop();
  });
  const live = createLiveLog(() => hub.committed());
  const authenticator = createAuthenticator({ db, clock, lifetimes });
  addAuditRetention(app, {
    db,
    clock,
    retentionDays: config.audit.retentionDays,
    alsoPrune: async (tx, now) => {
      await pruneLoginFailures(tx, now);
      await pruneChallenges(tx, now);
      await pruneWebauthnChallenges(tx, now);
    },
  });
  const secondFactor = createSecondFactorService({
    db,
    clock,
    lifetimes,
    box: secretBox(await serverSecret(db, 'second-factor-secrets')),
    required: config.adminSecondFactorRequired,
    issuer: 'SchoolRide',
    rp: relyingPartyOf(config.publicUrl, 'SchoolRide'),
    refusal: async (email, ip, now) => {
      const refusal = await loginRefusal(db, email, ip, now);
      return refusal && refusalMessage(refusal);
    },
  });
  const auth = createAuthService({ db, clock, lifetimes, secondFactor });
  const storage = createImageStorage(config.dataDir);
  const urls = createImageUrls(await serverSecret(db, 'image-url-signing'), clock);
  const drivers = createDriverService({ db, urls, storage, clock });
  const vehicles = createVehicleService({ db, urls, storage });
  const busRoutes = createBusRouteService({ db });
  const stops = createStopService({ db });
  const schools = createSchoolService({ db });
  const schedules = createScheduleService({ db, stops });
  const students = createStudentService({ db, urls, storage });
  const parents = createParentService({ db, urls, storage, students, clock });
  const studentsOf = students.ofAssignment;
  const compliance = createComplianceService({ db, clock, timeZone: config.timeZone });
  const credentials = createCredentialService({ db, clock, timeZone: config.timeZone, storage, urls });
  const credentialKinds = createCredentialKindService({ db });
  const assignments = createAssignmentService({
    db,
    getDriver: drivers.get,
    getVehicle: vehicles.get,
    getBusRoute: busRoutes.get,
    studentsOf,
    compliance,
  });
  const mailer = createMailer(config.mail, app.log, { printUnsent: config.env !== 'production' });
  // Parents' notifications: the outbox's sender, woken by producers after their commit and by its own timer.
  // Endpoints only at the browsers' push services or an origin the operator added (push-endpoints.ts says why).
  const vapidKeys = createVapidKeys(db);
  const extraPushOrigins = config.push.extraOrigins;
  const notifications = createNotificationService({ db, vapidKeys, extraPushOrigins });
  const notificationDispatcher = createNotificationDispatcher({
    db,
    log: app.log,
    mailer,
    vapidKeys,
    mailFrom: config.mail.from,
    publicUrl: config.publicUrl,
    extraPushOrigins,
  });
  app.decorate('notificationDispatcher', notificationDispatcher);
  addNotificationDispatcher(app, notificationDispatcher);
  const { timeZone } = config;
  const alerts = createAlertService({ db, clock, live, timeZone });
  // Off in tests, which run the checks themselves with their own clock (alert-checks.ts).
  addAlertChecks(app, {
    enabled: config.env !== 'test',
    run: createAlertChecks({
      db,
      clock,
      timeZone,
      notStartedMinutes: config.alerts.notStartedMinutes,
      alerts,
      live,
    }).run,
  });
  const board = createBoardService({
    db,
    clock,
    timeZone,
    routing: config.routing,
    roads: config.routing.url ? createRoadDurations({ url: config.routing.url, log: app.log }) : null,
  });
  // The LATE alert looks at the board's estimates, on the same timer as the other periodic alerts.
  addAlertChecks(app, {
    enabled: config.env !== 'test',
    run: createLateCheck({
      db,
      clock,
      board,
      lateMinutes: config.alerts.lateMinutes,
      alerts,
      live,
      notifications: notificationDispatcher,
    }).run,
  });
  const trips = createTripService({
    db,
    clock,
    timeZone,
    studentsOf,
    live,
    notifications: notificationDispatcher,
    compliance,
  });
  const calendar = createCalendarService({
    db,
    clock,
    timeZone,
    tripsAheadDays: config.dailyJobs.tripsAheadDays,
    trips,
    live,
  });
  const absences = createAbsenceService({ db, clock, timeZone, locale: config.locale });
  addDailyJobs(app, {
    db,
    clock,
    timeZone,
    enabled: config.dailyJobs.enabled,
    jobs: [
      tripsAheadJob(trips, config.dailyJobs.tripsAheadDays),
      liveEventsPruneJob(clock),
      retentionJob(clock, config.retention),
      credentialExpiryJob({ clock, alerts, mailer, publicUrl: config.publicUrl, live }),
    ],
  });
  const accounts = createAccountService({
    db,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    codeSecret: await serverSecret(db, 'verification-codes'),
    lifetimes,
  });
  const staff = createStaffService({ db, clock, mailer, publicUrl: config.publicUrl });
  const roleAccounts = createRoleAccountService({
    db,
    clock,
    sendInvitation: createInvitationSender({ db, clock, mailer, publicUrl: config.publicUrl }),
    publicUrl: config.publicUrl,
  });
  const parentPortal = createParentPortalService({
    db,
    clock,
    timeZone,
    absences,
    board,
    urls,
    absenceCutoffMinutes: config.parentPortal.absenceCutoffMinutes,
    officePhone: config.parentPortal.officePhone,
  });
  // Planning threads end before the database closes (onClose hooks run last-added first), their jobs marked FAILED.
  const planRunner = createPlanRunner({
    db,
    clock,
    // One router cache per process, passed from job to job: a second plan of the same school asks nothing new.
    roads: config.routing.url ? { url: config.routing.url } : null,
    memoryMb: config.planner.memoryMb,
    log: app.log,
  });
  app.decorate('planRunner', planRunner);
  app.addHook('onClose', () => planRunner.close());
  const planner = createPlannerService({
    db,
    clock,
    timeZone,
    runner: planRunner,
    travel: { detourFactor: config.routing.detourFactor, speedKmh: config.routing.averageSpeedKmh },
    rules: config.planner,
  });
  const driverApp = createDriverAppService({
    db,
    clock,
    timeZone: config.timeZone,
    studentsOf,
    live,
    alerts,
    compliance,
  });
  const inspections = createInspectionService({ db, clock, timeZone, storage, urls, alerts, live });
  // CHILD_CHECK_MISSING rides the periodic alert timer (off in tests, which run it with their own clock).
  addAlertChecks(app, {
    enabled: config.env !== 'test',
    run: createChildCheckAlerts({ db, clock, timeZone, alerts, live }).run,
  });

  await app.register(
    async (api) => {
      addAuthentication(api, authenticator);
      await api.register(healthRoutes(database, config));
      await api.register(authRoutes(auth));
      await api.register(secondFactorRoutes(secondFactor));
      await api.register(auditRoutes(db));
      await api.register(driverRoutes(drivers));
      await api.register(vehicleRoutes(vehicles));
      await api.register(busRouteRoutes(busRoutes));
      await api.register(stopRoutes(stops, schedules));
      await api.register(schoolRoutes(schools));
      await api.register(familyRoutes(parents, students));
      await api.register(assignmentRoutes(assignments));
      await api.register(tripRoutes(trips, config.locale));
      await api.register(calendarRoutes(calendar, absences, config.locale));
      await api.register(
        ridershipRoutes({
          db,
          clock,
          live,
          alerts,
          notifications: notificationDispatcher,
          timeZone: config.timeZone,
        }),
      );
      await api.register(trackerRoutes({ db, clock, live }));
      await api.register(dashboardRoutes(db, clock, config.timeZone));
      await api.register(
        reportRoutes(
          createReportsService({
            db,
            copyCsv: database.copyCsv,
            clock,
            timeZone: config.timeZone,
            onTimeMinutes: config.reports.onTimeMinutes,
          }),
          db,
        ),
      );
      await api.register(accountRoutes(accounts));
      await api.register(staffRoutes(staff));
      await api.register(roleAccountRoutes(roleAccounts));
      await api.register(parentProfileRoutes(createParentProfileService({ db, clock })));
      await api.register(driverAppRoutes(driverApp));
      await api.register(inspectionRoutes({ inspections, storage, urls, authenticator }));
      await api.register(alertRoutes(alerts));
      await api.register(boardRoutes(board));
      await api.register(settingsRoutes(config));
      await api.register(notificationRoutes(notifications));
      await api.register(parentPortalRoutes(parentPortal));
      await api.register(plannerRoutes(planner));
      await api.register(
        liveRoutes({
          streams,
          cookie: {
            secure: config.publicUrl.startsWith('https:'),
            maxAgeSeconds: Math.floor(config.session.absoluteMs / 1000),
          },
        }),
      );
      await api.register(
        uploadRoutes({
          targets: { driver: drivers, parent: parents, student: students, vehicle: vehicles },
          storage,
          urls,
          authenticator,
        }),
      );
      await api.register(exportRoutes({ db, clock, timeZone: config.timeZone }));
      await api.register(
        importRoutes(
          createImportService({
            db,
            clock,
            timeZone: config.timeZone,
            acrossProcesses: database.kind === 'postgres',
          }),
        ),
      );
      await api.register(
        complianceRoutes({ compliance, credentials, kinds: credentialKinds, storage, urls, authenticator }),
      );
    },
    { prefix: '/api' },
  );

  if (config.webDistDir) await addWebApp(app, config.webDistDir);
  addNotFoundHandling(app, config.webDistDir !== null);
  return app;
}
