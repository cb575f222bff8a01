import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. File names under /assets/ carry a content hash, so they are cached for a year;
 * everything else (index.html above all) is revalidated so a new release shows up at once.
 * Paths that are neither an API route nor a file get their page (not-found.ts): a phone app's under /driver and
 * /parent, else index.html, and the app's router shows its own 404 page.
 */
export async function addWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!fs.existsSync(`${distDir}/index.html`)) {
    throw new Error(`The web app is not built: ${distDir}/index.html is missing. Run "npm run build" first.`);
  }
  await app.register(fastifyStatic, {
    // apps/web/dist links to the current versioned build (scripts/build.mjs): this process keeps serving the build
    // it started with, whole, while a newer one is written and linked beside it.
    root: fs.realpathSync(distDir),
    wildcard: true,
    // The build writes .br and .gz copies beside each asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    // Our setHeaders decides caching; the plugin's own max-age=0 header would overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
