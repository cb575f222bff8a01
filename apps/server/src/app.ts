import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { tileOrigin, type AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import type { ProgressListener } from './db/progress-listener.js';
import { addAccessTracking } from './lib/access-changes.js';
import { systemClock, type Clock } from './lib/clock.js';
import { appsWing } from './modules/apps/wing.js';
import type { LiveHub, LiveStreams } from './modules/operations/live/index.js';
import type { NotificationDispatcher } from './modules/operations/notifications/index.js';
import { operationsWing, type FromAbove, type LiveTuning } from './modules/operations/wing.js';
import { errorWording } from './modules/platform/i18n/index.js';
import { serverJobs, type JobRunner } from './modules/platform/jobs/index.js';
import { platformWing } from './modules/platform/wing.js';
import type { PlanRunner } from './modules/records/planner/index.js';
import { countOnTimeRollupsWith } from './modules/records/reports/index.js';
import { recordsWing } from './modules/records/wing.js';
import { addApiDocs } from './plugins/api-docs.js';
import { addAuthentication } from './plugins/authentication.js';
import { addCompression } from './plugins/compression.js';
import { addErrorHandling } from './plugins/error-handler.js';
import { closeAfterHandlers } from './plugins/handler-drain.js';
import { createHttpServer } from './plugins/http-server.js';
import { addNotFoundHandling } from './plugins/not-found.js';
import { addRateLimits } from './plugins/rate-limit.js';
import { addRouteTable } from './plugins/route-table.js';
import { addSecurityHeaders } from './plugins/security-headers.js';
import { addWebApp } from './plugins/web-app.js';

export type { RouteEntry } from './plugins/route-table.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** The live stream's fan-out in this process (tests watch its cursor and its streams). */
    liveHub: LiveHub;
    /** The open live streams of this process: their caps, their ends (tests look at them and run the re-check). */
    liveStreams: LiveStreams;
    /** Sends the notification outbox; producers call its wake() after their commit (tests run it too). */
    notificationDispatcher: NotificationDispatcher;
    /** The route planner's threads in this process (tests look at which jobs still run here). */
    planRunner: PlanRunner;
    /** The jobs of this process (modules/platform/jobs/job-registry.ts); tests stop one to run its work themselves. */
    jobRunner: JobRunner;
  }
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
  /** The live stream's timings and sizes, smaller in tests; `pollMs`: the live-catch-up job's period. */
  live?: LiveTuning & { pollMs?: number };
}

/** Opens the database and brings it up to date; closes it again if that fails. */
async function openMigratedDatabase(
  config: AppConfig,
  log: FastifyBaseLogger,
  progress?: ProgressListener,
): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.database,
    (error) => log.warn({ err: error }, 'database connection lost'),
    progress,
  );
  try {
    await database.migrate(progress);
    // The on-time rollups count with one tolerance; a changed REPORT_ON_TIME_MINUTES counts them again, once.
    if (await countOnTimeRollupsWith(database.db, config.reports.onTimeMinutes))
      log.info({ minutes: config.reports.onTimeMinutes }, 'on-time rollups counted again');
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Builds the whole server from a validated configuration: the database, the plugins, then the four wings of
 * modules in order (platform, operations, records, apps: each built from the shared services and the wings below
 * it), their routes under /api and their jobs. Closing the app ends the live streams and the jobs, then the planning
 * threads, and closes the database last.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createHttpServer(config, options.logStream);
  const database = await openMigratedDatabase(config, app.log, options.progress);
  app.decorate('database', database);
  addRouteTable(app);
  closeAfterHandlers(app, () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    options.responseSchemas === false ? () => (data: unknown) => JSON.stringify(data) : serializerCompiler,
  );
  // Refusals to drivers and parents are written in their language (decision 053).
  addErrorHandling(app, errorWording(database.db));
  await addSecurityHeaders(app, { mapTileOrigin: tileOrigin(config.map.tileUrl) });
  await addRateLimits(app);
  await addCompression(app);
  await addApiDocs(app);

  const shared = { config, database, db: database.db, clock: options.clock ?? systemClock, log: app.log };
  // What operations asks of the wings above it, called only once requests come, when those wings are built: trips
  // list each assignment's children (records), a parent's live stream is scoped by the parent portal (apps).
  const fromAbove: FromAbove = {
    studentsOf: (assignmentId) => records.services.students.ofAssignment(assignmentId),
    parentScope: (userId) => apps.services.parentScope(userId),
  };
  const platform = await platformWing(shared);
  const operations = operationsWing(shared, platform, fromAbove, options.live);
  const records = recordsWing(shared, platform, operations);
  const apps = appsWing(shared, platform, operations, records);

  const { jobRunner } = platform.services;
  const { hub, streams, access, notificationDispatcher } = operations.services;
  const { planRunner } = records.services;
  app.decorate('jobRunner', jobRunner);
  app.decorate('liveHub', hub);
  app.decorate('liveStreams', streams);
  app.decorate('notificationDispatcher', notificationDispatcher);
  app.decorate('planRunner', planRunner);
  addAccessTracking(app, access.caughtUp);

  // Once ready: the live hub, then the jobs. On close: streams end first, so the shutdown does not wait for
  // browsers to hang up (they reconnect elsewhere); then the jobs, waited for; planning threads end (onClose hooks
  // run last-added first) before the database closes, their jobs marked FAILED.
  const jobs = serverJobs(
    { ...platform.jobs, ...operations.jobs, ...records.jobs, ...apps.jobs },
    {
      alertChecks: config.env !== 'test',
      dailyJobs: config.dailyJobs.enabled,
      liveCatchUpMs: options.live?.pollMs,
    },
  );
  app.addHook('onReady', function startLiveHub() {
    return hub.start();
  });
  app.addHook('onReady', async function startJobs() {
    jobRunner.start(jobs);
  });
  app.addHook('preClose', async function endLiveStreams() {
    streams.endAll();
    await hub.stop();
  });
  app.addHook('preClose', function closeJobs() {
    return jobRunner.close();
  });
  app.addHook('onClose', function endPlanningThreads() {
    return planRunner.close();
  });

  await app.register(
    async function api(scope) {
      addAuthentication(scope, platform.services.authenticator);
      for (const routes of [...platform.routes, ...operations.routes, ...records.routes, ...apps.routes])
        await scope.register(routes);
    },
    { prefix: '/api' },
  );
  if (config.webDistDir) await addWebApp(app, config.webDistDir);
  addNotFoundHandling(app, config.webDistDir !== null);
  return app;
}
