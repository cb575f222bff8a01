import { Worker } from 'node:worker_threads';
import { RouterError, type Point, type TravelModel } from '@school-transport/planner';
import type { PlanProgress } from '@school-transport/shared';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { PlanJob, PlanRunnerMessage, PlanWorkerData, PlanWorkerMessage } from './plan-worker.js';
import { beat, endProposal, failRunning, type Ending } from './planner-queries.js';

/** A running job writes its row this often: its progress, and the heartbeat that tells it is alive. */
export const BEAT_MS = 1_000;
/** What a job ended by its server's stop says (on close here, or found without a heartbeat by any process). */
export const RESTART_MESSAGE = 'The planning stopped: the server was restarted.';
const CRASH_MESSAGE =
  'The planning failed unexpectedly. Try again; if it fails again, tell your administrator.';
const ROUTER_MESSAGE =
  'The road router failed unexpectedly. Try again; if it fails again, tell your administrator.';

/**
 * The planning thread. Under the tests and `tsx` the sources are TypeScript, which a bare Worker cannot load: the
 * thread registers tsx first. The production bundle has the worker as its own entry beside main.js (and beside the
 * chunk this code lands in), already JavaScript.
 */
function planThread(workerData: PlanWorkerData): Worker {
  if (import.meta.url.endsWith('.js'))
    return new Worker(new URL('./plan-worker.js', import.meta.url), { workerData });
  const url = new URL('./plan-worker.ts', import.meta.url);
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(code, { eval: true, workerData });
}

interface RunningJob {
  worker: Worker;
  /** Progress not written yet. */
  news: PlanProgress | null;
  latest: PlanProgress | null;
  timer: NodeJS.Timeout;
}

export interface PlanRunnerDeps {
  db: Database;
  clock: Clock;
  /** A road router's travel times (ROUTING_URL), kept with its cache for the process's life; null: straight lines. */
  roads: TravelModel | null;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * The planning threads of this process, one per running job, and their rows: progress and heartbeat at most once
 * a second, then the outcome. A job cancelled by another process (its row set CANCELLED) is noticed at the next
 * beat and its thread ended.
 */
export function createPlanRunner({ db, clock, roads, log }: PlanRunnerDeps) {
  const jobs = new Map<string, RunningJob>();
  let closed = false;

  /** Ends the thread; `ending` is written unless the row has ended already (answers whether it was written). */
  async function finish(id: string, ending?: Omit<Ending, 'finishedAt'>): Promise<boolean> {
    const job = jobs.get(id);
    if (!job) return false;
    jobs.delete(id);
    clearInterval(job.timer);
    await job.worker.terminate();
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

  /** Answers a thread's question for its travel table; the arrays move to the thread rather than being copied. */
  async function answerTravel(id: string, points: Point[]): Promise<void> {
    let answer: PlanRunnerMessage;
    let transfer: ArrayBuffer[] = [];
    try {
      const table = await roads!.table(points);
      answer = { type: 'travel', table };
      transfer = [table.seconds.buffer as ArrayBuffer, table.metres.buffer as ArrayBuffer];
    } catch (error) {
      log.warn({ err: error, proposalId: id }, 'road router failed');
      answer = {
        type: 'travel-failed',
        message: error instanceof RouterError ? error.message : ROUTER_MESSAGE,
      };
    }
    jobs.get(id)?.worker.postMessage(answer, transfer);
  }

  function onMessage(id: string, message: PlanWorkerMessage): void {
    const job = jobs.get(id);
    if (!job) return;
    if (message.type === 'travel') {
      void answerTravel(id, message.points);
    } else if (message.type === 'progress') {
      job.news = job.latest = message.progress;
    } else if (message.type === 'done') {
      void finishQuietly(id, { status: 'DONE', result: message.result });
    } else {
      void finishQuietly(id, { status: 'FAILED', error: message.message });
    }
  }

  return {
    /** Starts planning the job of this (RUNNING) row in a thread of its own. */
    async start(id: string, planJob: PlanJob): Promise<void> {
      if (closed) {
        await failRunning(db, [id], { error: RESTART_MESSAGE, finishedAt: clock() });
        return;
      }
      let worker: Worker;
      try {
        worker = planThread({ planJob, roads: roads !== null });
      } catch (error) {
        log.error({ err: error, proposalId: id }, 'planning thread not started');
        await failRunning(db, [id], { error: CRASH_MESSAGE, finishedAt: clock() });
        return;
      }
      const timer = setInterval(() => void beatOnce(id), BEAT_MS);
      jobs.set(id, { worker, news: null, latest: null, timer });
      worker.on('message', (message: PlanWorkerMessage) => onMessage(id, message));
      worker.on('error', (error) => {
        log.error({ err: error, proposalId: id }, 'planning thread failed');
        void finishQuietly(id, { status: 'FAILED', error: CRASH_MESSAGE });
      });
      // An exit without an outcome (out of memory, say) is a failure too; after an outcome the job is gone already.
      worker.on('exit', () => void finishQuietly(id, { status: 'FAILED', error: CRASH_MESSAGE }));
    },

    /** Ends this job's thread if it runs here; the caller has ended its row. */
    stop: (id: string) => finish(id),

    /** The jobs whose threads run in this process. */
    running: () => [...jobs.keys()],

    /** On the server's close: every thread ended, every row it ran marked FAILED. */
    async close(): Promise<void> {
      closed = true;
      const ids = [...jobs.keys()];
      await Promise.all(ids.map((id) => finish(id)));
      await failRunning(db, ids, { error: RESTART_MESSAGE, finishedAt: clock() });
    },
  };
}
export type PlanRunner = ReturnType<typeof createPlanRunner>;
