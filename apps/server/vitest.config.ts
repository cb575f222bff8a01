import { defineConfig } from 'vitest/config';

/**
 * The API suite runs once per database engine: always on embedded PGlite, and also on PostgreSQL when
 * TEST_DATABASE_URL (or DATABASE_URL) names a server. Each test file gets a database of its own.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Limits for a loaded 2-core machine, not performance bounds: a test that builds a fresh database of its own
    // (20 migrations) took 32.7 s there while the web build ran beside it, over the former 30 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true as const, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl } },
            },
          ]
        : []),
    ],
  },
});
