import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { zonedClockTime, zonedDate } from '../../../lib/zoned-time.js';
import { isDaily, type Job, type JobReport } from './job.js';
import { runDailyJob, runLockedJob } from './job-claims.js';

/** How often a daily job looks whether its time has come: a new day is picked up within this. */
export const DAILY_CHECK_MS = 5 * 60_000;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface JobRunnerDeps {
  db: Database;
  clock: Clock;
  /** Days begin, and a daily job's `dailyAt` is read, in the operator's time zone. */
  timeZone: string;
  log: {
    info(object: object, message: string): void;
    debug(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Shorter in tests, which move their clock by hand. */
  dailyCheckMs?: number;
}

/** A started job in this process. */
interface Started {
  job: Job;
  timer: NodeJS.Timeout;
  /** The run under way; a turn that comes meanwhile is skipped, a wake runs once more after it. */
  running: Promise<void> | null;
  again: boolean;
  /** The operator's day this process last saw the (daily) job done: no database call until the date changes. */
  doneDay: string | null;
  stopped: boolean;
}

/**
 * The one way the server runs work on a schedule (the jobs are listed in job-registry.ts). Each job runs on a timer
 * that does not keep the process alive; a run still going when the next turn comes is not started again; a job
 * claimed once across processes runs in the transaction of its claim (job-claims.ts); a run's failure is logged and
 * the next turn tries again; closing stops the timers and waits for the runs under way.
 */
export function createJobRunner({ db, clock, timeZone, log, dailyCheckMs = DAILY_CHECK_MS }: JobRunnerDeps) {
  const started = new Map<string, Started>();
  const declared = new Set<string>();
  let closed = false;

  function kindOf(job: Job): string {
    return isDaily(job.schedule) ? 'daily' : 'periodic';
  }

  function due(entry: Started, now: Date): boolean {
    const { schedule } = entry.job;
    if (!isDaily(schedule)) return true;
    return entry.doneDay !== zonedDate(now, timeZone) && zonedClockTime(now, timeZone) >= schedule.dailyAt;
  }

  async function claimedRun(job: Job & { claim: 'once-across-processes' }, day: string) {
    return isDaily(job.schedule) ? runDailyJob(db, job, day, clock) : runLockedJob(db, job, day);
  }

  function report(job: Job, day: string, done: JobReport | null): void {
    const kind = kindOf(job);
    const where = { job: job.name, day };
    if (!done) log.debug(where, `${kind} job ${job.name}: already run, or running, in another process`);
    else if (done.idle) log.debug({ ...where, ...done.figures }, `${kind} job ${job.name}: ${done.summary}`);
    else log.info({ ...where, ...done.figures }, `${kind} job ${job.name}: ${done.summary}`);
  }

  /** One run; never throws: a failure is logged, and the next turn tries again. */
  async function runOnce(entry: Started): Promise<void> {
    const { job } = entry;
    const day = zonedDate(clock(), timeZone);
    try {
      if (job.claim === 'each-process') await job.run();
      else report(job, day, await claimedRun(job, day));
      entry.doneDay = day;
    } catch (error) {
      log.error({ err: error, job: job.name, day }, `${kindOf(job)} job ${job.name} failed`);
    }
  }

  function launch(entry: Started): void {
    entry.running = runOnce(entry).finally(() => {
      entry.running = null;
      if (entry.again && !entry.stopped) {
        entry.again = false;
        launch(entry);
      }
    });
  }

  function turn(entry: Started): void {
    if (entry.stopped || entry.running || !due(entry, clock())) return;
    launch(entry);
  }

  async function stopEntry(entry: Started): Promise<void> {
    entry.stopped = true;
    entry.again = false;
    clearInterval(entry.timer);
    await entry.running;
  }

  /** Starts every enabled job: a first turn now, then on its timer. Called once the server is ready. */
  function start(jobs: Job[]): void {
    for (const job of jobs) {
      if (declared.has(job.name)) throw new Error(`Two jobs are named ${job.name}.`);
      declared.add(job.name);
      if (isDaily(job.schedule) && !CLOCK_TIME.test(job.schedule.dailyAt))
        throw new Error(`Job ${job.name}: dailyAt must be HH:MM, not ${job.schedule.dailyAt}.`);
      if (job.enabled === false || closed) continue;
      const every = isDaily(job.schedule) ? dailyCheckMs : job.schedule.every;
      const entry: Started = {
        job,
        timer: setInterval(() => turn(entry), every).unref(),
        running: null,
        again: false,
        doneDay: null,
        stopped: false,
      };
      started.set(job.name, entry);
      turn(entry);
    }
  }

  /**
   * A run of `name` now, or once more right after the one under way (which may have begun before what woke it had
   * committed). Before the start, after the close, or for a job not enabled: nothing.
   */
  function wake(name: string): void {
    if (declared.size > 0 && !declared.has(name)) throw new Error(`No job is named ${name}.`);
    const entry = started.get(name);
    if (!entry || entry.stopped) return;
    if (entry.running) entry.again = true;
    else launch(entry);
  }

  /** Stops one job here and waits for its run under way (a test that runs that work itself). */
  async function stop(name: string): Promise<void> {
    const entry = started.get(name);
    if (entry) await stopEntry(entry);
  }

  /** Stops every timer and waits for every run under way; nothing starts afterwards. */
  async function close(): Promise<void> {
    closed = true;
    await Promise.all([...started.values()].map(stopEntry));
  }

  return {
    start,
    wake,
    /** The function that wakes `name`, for the code that has new work for it (a producer after its commit). */
    waker: (name: string) => () => wake(name),
    stop,
    close,
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
