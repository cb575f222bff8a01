import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkGroups } from './chunk-groups.ts';
import { PREACT_ALIASES, phonePages } from './phone-build.ts';
import { signedInPreload } from './signed-in-preload.ts';

const chunks = chunkGroups();

const testingLibraryEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@testing-library/react')),
  '@testing-library/react.esm.js',
);

/** The packages of the phone apps and their tests that import `react`. */
const PHONE_REACT_PACKAGES =
  /[\\/]node_modules[\\/](preact|@testing-library[\\/]react|react-router|@tanstack[\\/]react-query|react-hook-form|@hookform[\\/]resolvers|react-leaflet|@react-leaflet[\\/]core)[\\/]/;

export default defineConfig({
  // The phone apps' pages are built by vite.phone.config.ts; in development this server answers them too.
  plugins: [react(), chunks.plugin, signedInPreload(), ...phonePages()],
  server: {
    // The API server runs beside Vite in development; proxying keeps every call same-origin, as in production.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The chunk graph, read by scripts/check-bundle.mjs to weigh the first screen.
    manifest: true,
    // The entry holds React DOM, the router and MUI's core (~500 kB minified, ~160 kB gzip). What counts is the
    // gzip weight of the first screen, which scripts/check-bundle.mjs holds to its 200 kB budget.
    chunkSizeWarningLimit: 600,
    // No modulepreload polyfill in the entry: every browser we serve (Chromium, Safari 17+, Firefox 115+) preloads
    // modules itself, and one that does not still runs the app, only fetching a screen's chunks one after another.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically (React, the router, MUI's core, the session) is loaded at
              // once by every visit anyway. Left to itself the bundler spreads it over half a dozen chunks shared
              // with lazy screens; one file compresses better (about 4 kB gzip less on the first screen) and
              // costs no screen anything it would not load already.
              name: 'index',
              tags: ['$initial'],
            },
            // The Log In screen's parts and the back-office's shared parts, one file each (chunk-groups.ts).
            ...chunks.groups,
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Typing through whole forms in jsdom takes seconds when the CI machine's two cores are busy; with a dozen
    // processes on them (load average 24 was seen), the Add Parent story took over 20 s. A limit only decides how
    // long a real failure takes to show, so it is generous.
    testTimeout: 60_000,
    setupFiles: ['./src/test/setup.ts'],
    // Vitest's default on two cores is one worker (cores − 1); jsdom files wait on React as much as they compute.
    maxWorkers: 2,
    // Two projects, run together by `npx vitest run`: the back-office's tests on React, and the phone apps' on
    // Preact, the UI layer their build ships (phone-build.ts, PREACT_ALIASES).
    projects: [
      {
        extends: true,
        test: { name: 'office', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/phone/**'] },
      },
      {
        extends: true,
        resolve: {
          // The ES module builds, as a browser gets (react-router's `node` build is CommonJS, loaded by Node itself).
          conditions: ['module', 'browser', 'development|production'],
          alias: [
            ...PREACT_ALIASES,
            // Its ES module build: Vitest gives a package's CommonJS build Node's own `require`, past the aliases.
            { find: /^@testing-library\/react$/, replacement: testingLibraryEsm },
          ],
        },
        test: {
          name: 'phone',
          include: ['src/phone/**/*.test.{ts,tsx}'],
          // Vitest loads packages with Node, past Vite's aliases; the ones that import `react` go through Vite, so
          // they get Preact as the build gives it to them (and only one copy of it).
          server: { deps: { inline: [PHONE_REACT_PACKAGES] } },
        },
      },
    ],
  },
});
