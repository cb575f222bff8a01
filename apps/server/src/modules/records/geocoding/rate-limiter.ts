/**
 * At most `perSecond` starts a second, one at a time (Nominatim's policy: one request a second, no bursts). An urgent
 * turn (a person waiting at a form) goes before the background job's queue, so an import of thousands of addresses
 * never makes a single form save wait behind it. Per process: several processes each keep their own pace
 * (decision 072 says so).
 */
export interface RateLimiter {
  /** Resolves when this caller may start its request. */
  turn(urgent?: boolean): Promise<void>;
}

export function createRateLimiter(perSecond: number, now: () => number = Date.now): RateLimiter {
  const gapMs = 1000 / perSecond;
  let nextStart = 0;
  const urgent: Array<() => void> = [];
  const background: Array<() => void> = [];
  let timer: NodeJS.Timeout | null = null;

  function pump() {
    timer = null;
    while (urgent.length + background.length > 0) {
      const wait = nextStart - now();
      if (wait > 0) {
        timer = setTimeout(pump, wait);
        return;
      }
      nextStart = now() + gapMs;
      (urgent.shift() ?? background.shift())!();
    }
  }

  return {
    turn(isUrgent = false) {
      return new Promise<void>((resolve) => {
        (isUrgent ? urgent : background).push(resolve);
        if (!timer) pump();
      });
    },
  };
}
