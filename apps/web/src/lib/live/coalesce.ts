/**
 * Runs `task` once after a burst of calls: `quietMs` after the last call, and at the latest `maxWaitMs` after the
 * first, so a steady trickle (positions every second) still gets its refresh.
 */
export interface Coalescer {
  schedule(): void;
  cancel(): void;
}

export function coalesce(task: () => void, quietMs: number, maxWaitMs: number): Coalescer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt: number | null = null;
  const run = () => {
    timer = undefined;
    firstAt = null;
    task();
  };
  return {
    schedule() {
      const now = Date.now();
      firstAt ??= now;
      clearTimeout(timer);
      timer = setTimeout(run, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - now)));
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      firstAt = null;
    },
  };
}
