import type { ClaimedWork, Job, ProcessWork } from './job.js';

const SECOND = 1_000;
const HOUR = 3_600_000;
/** The daily jobs begin the operator's day: the first look after midnight in their time zone. */
const AT_MIDNIGHT = { dailyAt: '00:00' };

/** How often each process looks for trips gone silent, late or not started, and for a missing child check. */
export const ALERT_CHECK_MS = 15 * SECOND;
/** How often each process looks for notifications due (another process's, a retry) without being woken. */
export const DISPATCH_POLL_MS = 5 * SECOND;
/** How often each process writes the recipients of messages sent elsewhere and copies the counts of sending. */
export const FAMILY_MESSAGES_POLL_MS = 2 * SECOND;
/** The live hub reads the log at least this often, should a NOTIFY be lost between a drop and its noticing. */
export const LIVE_CATCH_UP_MS = SECOND;
/** How often each process looks for addresses waiting for the geocoder (an import wakes it at once). */
export const ADDRESS_GEOCODING_MS = 60 * SECOND;
/** Retention is counted in days: an audit entry removed up to an hour late is nothing. */
export const AUDIT_PRUNE_MS = HOUR;
/** How often each process looks whether the roster's scheduled pull is due (its period is in hours). */
export const ROSTER_SYNC_CHECK_MS = 5 * 60 * SECOND;

/** Each job's work, from the module whose work it is: each wing hands over its own (modules/<wing>/wing.ts). */
export interface ServerJobWork {
  alertChecks: ProcessWork;
  lateCheck: ProcessWork;
  childCheckAlerts: ProcessWork;
  notificationDispatch: ProcessWork;
  familyMessages: ProcessWork;
  liveCatchUp: ProcessWork;
  auditRetention: ClaimedWork;
  tripsAhead: ClaimedWork;
  liveEventsPrune: ClaimedWork;
  retention: ClaimedWork;
  credentialExpiry: ClaimedWork;
  rosterSync: ProcessWork;
  addressGeocoding: ProcessWork;
}

export interface JobSettings {
  /** Off under NODE_ENV=test: the tests run the alert checks themselves, with their own clock. */
  alertChecks: boolean;
  /** DAILY_JOBS (off by default under NODE_ENV=test). */
  dailyJobs: boolean;
  /** LIVE_CATCH_UP_MS unless a test says otherwise (BuildOptions.live.pollMs). */
  liveCatchUpMs?: number;
}

/**
 * Every job of the server, in one place: its name, when it runs, where it runs, and (above it) what it does and
 * whose work it is. app.ts starts them once the server is ready and closes them before the database.
 */
export function serverJobs(work: ServerJobWork, settings: JobSettings): Job[] {
  return [
    // operations/alerts: NO_POSITION (a started trip silent for 2 minutes) and NOT_STARTED (a trip of today
    // ALERT_NOT_STARTED_MINUTES past its planned start). The alert's unique cause raises each once among processes.
    {
      name: 'alert-checks',
      schedule: { every: ALERT_CHECK_MS },
      claim: 'each-process',
      enabled: settings.alertChecks,
      run: work.alertChecks,
    },
    // operations/board: LATE (a started trip ALERT_LATE_MINUTES behind its plan, as the board estimates it), and
    // parents told of a late bus or one approaching their child's stop (the outbox's dedup key tells each once).
    {
      name: 'late-check',
      schedule: { every: ALERT_CHECK_MS },
      claim: 'each-process',
      enabled: settings.alertChecks,
      run: work.lateCheck,
    },
    // operations/inspections: CHILD_CHECK_MISSING, a vehicle's last trip of the day finished and nobody confirmed
    // the bus is empty.
    {
      name: 'child-check-alerts',
      schedule: { every: ALERT_CHECK_MS },
      claim: 'each-process',
      enabled: settings.alertChecks,
      run: work.childCheckAlerts,
    },
    // operations/notifications: sends the outbox (push, e-mail when chosen, retries); also woken by each producer
    // after its commit. Processes share the rows by claiming them, so every process runs it.
    {
      name: 'notification-dispatch',
      schedule: { every: DISPATCH_POLL_MS },
      claim: 'each-process',
      run: work.notificationDispatch,
    },
    // operations/family-messages: writes each message the office sent to families into one recipient row and one
    // outbox row per guardian (a message locked by its claim, skip locked: one process writes it), then copies
    // what the dispatcher did into the counts. Woken by each send; every process runs it.
    {
      name: 'family-messages',
      schedule: { every: FAMILY_MESSAGES_POLL_MS },
      claim: 'each-process',
      run: work.familyMessages,
    },
    // operations/live: this process's hub reads the live log after its cursor, should a NOTIFY have been lost.
    {
      name: 'live-catch-up',
      schedule: { every: settings.liveCatchUpMs ?? LIVE_CATCH_UP_MS },
      claim: 'each-process',
      run: work.liveCatchUp,
    },
    // records/geocoding: the addresses an import left without coordinates, placed by the geocoder at its pace
    // (GEOCODER_REQUESTS_PER_SECOND) or put in the office's review queue (decision 072). Each process may run it:
    // a result is written only if the child still waits with the same address, and the cache answers a repeat.
    {
      name: 'address-geocoding',
      schedule: { every: ADDRESS_GEOCODING_MS },
      claim: 'each-process',
      run: work.addressGeocoding,
    },
    // platform/audit: audit entries past AUDIT_RETENTION_DAYS removed (decision 020), with the sign-in failures
    // and challenges nobody needs any more (platform/auth). On even with DAILY_JOBS=off: a privacy promise.
    {
      name: 'audit-retention',
      schedule: { every: AUDIT_PRUNE_MS },
      claim: 'once-across-processes',
      ...work.auditRetention,
    },
    // operations/calendar: the trips of every school day from today through TRIPS_AHEAD_DAYS ahead.
    {
      name: 'trips-ahead',
      schedule: AT_MIDNIGHT,
      claim: 'once-across-processes',
      enabled: settings.dailyJobs,
      ...work.tripsAhead,
    },
    // operations/live: live events older than 3 days forgotten (a browser away longer reloads the day).
    {
      name: 'live-events-prune',
      schedule: AT_MIDNIGHT,
      claim: 'once-across-processes',
      enabled: settings.dailyJobs,
      ...work.liveEventsPrune,
    },
    // operations/retention: ridership events, positions, finished notifications and ended sessions past their
    // retention removed; free-text reasons older than AUDIT_RETENTION_DAYS blanked (decision 020's addendum).
    {
      name: 'retention',
      schedule: AT_MIDNIGHT,
      claim: 'once-across-processes',
      enabled: settings.dailyJobs,
      ...work.retention,
    },
    // operations/compliance: credentials expired or expiring raise their alerts; the admins get the day's list.
    {
      name: 'credential-expiry',
      schedule: AT_MIDNIGHT,
      claim: 'once-across-processes',
      enabled: settings.dailyJobs,
      ...work.credentialExpiry,
    },
    // records/roster-sync: the pull from the OneRoster endpoint, applied, every N hours the office chose (decision
    // 071). Every process looks; the apply's advisory lock lets one write, and the last run's time makes the others
    // find it not due.
    {
      name: 'roster-sync',
      schedule: { every: ROSTER_SYNC_CHECK_MS },
      claim: 'each-process',
      run: work.rosterSync,
    },
  ];
}
