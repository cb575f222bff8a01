import { defineConfig } from 'vitest/config';

/** The planner's own tests: pure computation, no database, no browser. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
