import { defineConfig } from 'vitest/config';

/** The planner's own tests: pure computation, no database, no browser. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Vitest's default on two cores is one worker (cores − 1): the files are independent computations.
    maxWorkers: 2,
  },
});
