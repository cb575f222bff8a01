import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PHONE_APPS, phonePages, phonePagesBuild } from './phone-build.ts';

/**
 * The phone apps' build (issue 33): /driver and /parent, each its own page, built after the back-office's
 * (vite.config.ts) into the same folder by scripts/build.mjs. A build of their own, so the bundler never puts a
 * module they share with the back-office (React, the contract) into a chunk that also holds the office's code:
 * what a phone downloads is only what its app imports. The two apps may share chunks with each other.
 */
export default defineConfig({
  plugins: [react(), ...phonePages(), phonePagesBuild()],
  // The public files are the back-office build's to copy; this build adds beside them.
  publicDir: false,
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: false,
    // Its own name: the back-office's manifest (.vite/manifest.json) is read by scripts/check-bundle.mjs.
    manifest: '.vite/phone-manifest.json',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: Object.fromEntries(
        PHONE_APPS.map((app) => [app, path.join(import.meta.dirname, app, 'index.html')]),
      ),
      output: {
        codeSplitting: {
          groups: [
            {
              // The form library, zod and the shared field schemas in one file: left to itself the bundler spreads
              // them over half a dozen small chunks. Loaded by the forms and the parent's stream, after the first
              // screen (decision 053): not their dependencies, or React would come into this file and every screen
              // would load it.
              name: 'forms',
              test: /[\\/](node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]shared[\\/]src[\\/](login|fields)\.ts$)/,
              includeDependenciesRecursively: false,
            },
            {
              // What the boot scripts share with the apps (the stored session, the first request), one small file:
              // a boot script loads only it beside itself.
              name: 'phone-boot',
              test: /[\\/]src[\\/](phone[\\/]boot[\\/](boot|boot-apps|first-request)\.ts|lib[\\/]session[\\/]app-session-store\.ts|lib[\\/]device[\\/]storage\.ts)$/,
            },
          ],
        },
      },
    },
  },
});
