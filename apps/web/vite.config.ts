import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkGroups } from './chunk-groups.ts';
import { phonePages } from './phone-build.ts';
import { shellHeadings } from './shell-headings.ts';
import { signedInPreload } from './signed-in-preload.ts';

const chunks = chunkGroups();

export default defineConfig({
  // The phone apps' pages are built by vite.phone.config.ts; in development this server answers them too.
  plugins: [react(), chunks.plugin, shellHeadings(), signedInPreload(), ...phonePages()],
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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
