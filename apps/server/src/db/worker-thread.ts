import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A thread running one of this server's own files: `source` is the file's TypeScript URL, taken beside the caller
 * (`new URL('./x-worker.ts', import.meta.url)`). Under the tests and `tsx` the sources are TypeScript, which a bare
 * Worker cannot load: the thread registers tsx first. The production bundle is JavaScript, and has each worker as
 * an entry of its own beside main.js and its chunks (scripts/build.mjs): there the caller's URL is a chunk's, and
 * the worker is the .js file of the same name beside it. The PGlite thread and the route planner's start here.
 * (In db/, the lowest layer both callers reach.)
 */
export function startWorkerThread(source: URL, options: WorkerOptions): Worker {
  if (import.meta.url.endsWith('.js'))
    return new Worker(new URL(source.href.replace(/\.ts$/, '.js')), options);
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(code, { ...options, eval: true });
}
