import { defineConfig } from 'vitest/config';

/**
 * The API suite runs once per database engine: always on embedded PGlite, and also on PostgreSQL when
 * TEST_DATABASE_URL (or DATABASE_URL) names a server. Each test file gets a database of its own, copied from a
 * migrated template made once per run (test/global-setup.ts, docs/decisions/050).
 *
 * Two groups, one after the other (docs/ARCHITECTURE.md, "Testing"):
 *  1. in-process files (app.inject, or a server listening inside the test's process), both engines together on
 *     two workers that keep the server's modules loaded from one file to the next (`isolate: false`);
 *  2. files that start real processes or measure time, which a second busy worker would slow or disturb: one at a
 *     time, each in a fresh module graph. Files that replace a module (`vi.mock`) run here too, since a shared
 *     module graph would carry the replacement into other files.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** Real processes, timing, or a module replaced for the whole file. */
export const ALONE = [
  'backup',
  'crash-safety',
  'data-dir',
  'db-function-migration',
  'durability',
  'forgot-password-timing',
  'launcher',
  'live-processes',
  'planner-memory',
  'planner-release',
  'process',
  'slow-clients',
  'auth',
].map((name) => `test/${name}.test.ts`);

const engines = [
  { name: 'pglite', env: { TEST_DB: 'pglite' } },
  ...(postgresUrl
    ? [{ name: 'postgres', env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl } }]
    : []),
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // Limits for a loaded 2-core machine, not performance bounds: they only decide how long a real failure takes
    // to show.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: engines.flatMap(({ name, env }) => [
      {
        extends: true as const,
        test: {
          name,
          env,
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true as const,
        test: { name: `${name}-alone`, env, include: ALONE, maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ]),
  },
});
