import type { Worker } from 'node:worker_threads';
import type { TravelCacheSnapshot } from '@school-transport/planner';
import type { PlanProgress } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { startWorkerThread } from '../../../db/worker-thread.js';
import type { Clock } from '../../../lib/clock.js';
import type { PlanJob, PlanWorkerData, PlanWorkerMessage } from './plan-worker.js';
import { beat, endProposal, failRunning, type Ending } from './planner-queries.js';

/** A running job writes its row this often: its progress, and the heartbeat that tells it is alive. */
export const BEAT_MS = 1_000;
/** What a job ended by its server's stop says (on close here, or found without a heartbeat by any process). */
export const RESTART_MESSAGE = 'The planning stopped: the server was restarted.';
const CRASH_MESSAGE =
  'The planning failed unexpectedly. Try again; if it fails again, tell your administrator.';
/** Jobs that wait behind the running one, at most; one more is refused (planner-service.ts says so in words). */
export const MAX_WAITING_JOBS = 3;
export const memoryMessage = (memoryMb: number) =>
  `The planning needed more memory than this server allows a planning job (${memoryMb} MB, PLANNER_MEMORY_MB). ` +
  'Plan fewer children at once, or ask your administrator to raise the limit.';

/** The planning thread, its heap capped at `memoryMb` (V8 ends the thread when the cap is passed; the process goes on). */
function planThread(workerData: PlanWorkerData, memoryMb: number, transfer: ArrayBuffer[]): Worker {
  return startWorkerThread(new URL('./plan-worker.ts', import.meta.url), {
    workerData,
    transferList: transfer,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  });
}

interface Job {
  planJob: PlanJob;
  /** Null while the job waits its turn. */
  worker: Worker | null;
  /** Progress not written yet. */
  news: PlanProgress | null;
  latest: PlanProgress | null;
  timer: NodeJS.Timeout;
}

export interface PlanRunnerDeps {
  db: Database;
  clock: Clock;
  /** A road router's address (ROUTING_URL), asked from the planning thread; null: straight lines. */
  roads: { url: string } | null;
  /** The planning thread's heap limit in MB (PLANNER_MEMORY_MB). */
  memoryMb: number;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * The planning jobs of this process and their rows. One job plans at a time, in a thread of its own; up to
 * MAX_WAITING_JOBS more wait their turn in the order they came (their rows RUNNING without progress, beating so
 * no process takes them for lost). Progress and heartbeat are written at most once a second, then the outcome. A
 * job cancelled by another process (its row set CANCELLED) is noticed at the next beat and its thread ended.
 */
export function createPlanRunner({ db, clock, roads, memoryMb, log }: PlanRunnerDeps) {
  /** In the order they came: the first is the one planning, once its thread has started. */
  const jobs = new Map<string, Job>();
  /** The road router's legs, between two jobs: moved into each thread and handed back by it. */
  let roadCache: TravelCacheSnapshot | null = null;
  /** Places promised to jobs whose rows are being written (reserve). */
  let reserved = 0;
  let closed = false;

  /** Ends the thread; `ending` is written unless the row has ended already (answers whether it was written). */
  async function finish(id: string, ending?: Omit<Ending, 'finishedAt'>): Promise<boolean> {
    const job = jobs.get(id);
    if (!job) return false;
    jobs.delete(id);
    clearInterval(job.timer);
    // The next job's thread starts once this one's memory is given back.
    await job.worker?.terminate();
    startNext();
    if (!ending) return false;
    const written = await endProposal(db, id, { progress: job.latest, ...ending, finishedAt: clock() });
    return written !== undefined;
  }

  const finishQuietly = (id: string, ending?: Omit<Ending, 'finishedAt'>) =>
    finish(id, ending).catch((error: unknown) => log.warn({ err: error, proposalId: id }, 'plan not saved'));

  async function beatOnce(id: string): Promise<void> {
    const job = jobs.get(id);
    if (!job) return;
    const news = job.news;
    job.news = null;
    try {
      if (!(await beat(db, id, clock(), news))) await finish(id);
    } catch (error) {
      log.warn({ err: error, proposalId: id }, 'plan progress not saved');
    }
  }

  function onMessage(id: string, message: PlanWorkerMessage): void {
    const job = jobs.get(id);
    if (message.type === 'cache') {
      // Kept even when the job was cancelled meanwhile: the legs are the router's, not the job's.
      roadCache = message.snapshot;
      return;
    }
    if (!job) return;
    if (message.type === 'router-failed') {
      // The reason without places: a table's points are children's homes.
      log.warn({ proposalId: id, reason: message.reason }, 'road router failed');
    } else if (message.type === 'progress') {
      job.news = job.latest = message.progress;
    } else if (message.type === 'done') {
      void finishQuietly(id, { status: 'DONE', result: message.result });
    } else {
      void finishQuietly(id, { status: 'FAILED', error: message.message });
    }
  }

  /** Starts the thread of the first job in line, unless one is planning. */
  function startNext(): void {
    const [first] = jobs;
    if (closed || !first || first[1].worker) return;
    const [id, job] = first;
    const cache = roads ? roadCache : null;
    // The cache moves to the thread (no copy); a thread that fails takes it along, and the next starts afresh.
    roadCache = null;
    let worker: Worker;
    try {
      worker = planThread(
        { planJob: job.planJob, roads: roads && { url: roads.url, cache } },
        memoryMb,
        cache ? ([cache.units.buffer, cache.seconds.buffer, cache.metres.buffer] as ArrayBuffer[]) : [],
      );
    } catch (error) {
      log.error({ err: error, proposalId: id }, 'planning thread not started');
      void finishQuietly(id, { status: 'FAILED', error: CRASH_MESSAGE });
      return;
    }
    job.worker = worker;
    worker.on('message', (message: PlanWorkerMessage) => onMessage(id, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (outOfMemory) log.warn({ proposalId: id, memoryMb }, 'planning thread passed its memory limit');
      else log.error({ err: error, proposalId: id }, 'planning thread failed');
      void finishQuietly(id, {
        status: 'FAILED',
        error: outOfMemory ? memoryMessage(memoryMb) : CRASH_MESSAGE,
      });
    });
    // An exit without an outcome is a failure too; after an outcome the job is gone already.
    worker.on('exit', () => void finishQuietly(id, { status: 'FAILED', error: CRASH_MESSAGE }));
  }

  return {
    /**
     * A place in line for a job whose row is being written, taken at once so that requests arriving together
     * cannot all pass a full line; null when one job plans and MAX_WAITING_JOBS wait. `ahead`: the jobs before it.
     */
    reserve(): { ahead: number; release(): void } | null {
      const ahead = jobs.size + reserved;
      if (ahead > MAX_WAITING_JOBS) return null;
      reserved += 1;
      let held = true;
      return {
        ahead,
        release: () => {
          if (held) reserved -= 1;
          held = false;
        },
      };
    },

    /** Plans the job of this (RUNNING) row when its turn comes: now, or after the jobs ahead of it. */
    async start(id: string, planJob: PlanJob): Promise<void> {
      if (closed) {
        await failRunning(db, [id], { error: RESTART_MESSAGE, finishedAt: clock() });
        return;
      }
      const timer = setInterval(() => void beatOnce(id), BEAT_MS);
      jobs.set(id, { planJob, worker: null, news: null, latest: null, timer });
      startNext();
    },

    /** Ends this job's thread, or takes it out of the line, if it is this process's; the caller ended its row. */
    stop: (id: string) => finish(id),

    /** The jobs of this process, planning or waiting. */
    running: () => [...jobs.keys()],

    /** On the server's close: every thread ended, every row it ran or kept waiting marked FAILED. */
    async close(): Promise<void> {
      closed = true;
      const ids = [...jobs.keys()];
      await Promise.all(ids.map((id) => finish(id)));
      await failRunning(db, ids, { error: RESTART_MESSAGE, finishedAt: clock() });
    },
  };
}
export type PlanRunner = ReturnType<typeof createPlanRunner>;
