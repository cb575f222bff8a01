import type { BrowserContext } from '@playwright/test';

/** A real 1×1 PNG, small enough for any upload limit; also every map tile of the tests. */
export const ONE_PIXEL_PNG = {
  name: 'pixel.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
    'base64',
  ),
};

/**
 * The tile server the server under test names (MAP_TILE_URL, set by the global set-up): a host that never resolves
 * (.invalid), so that no test ever waits on the network; the tests' browsers are answered here instead.
 */
export const E2E_TILE_URL = 'https://tiles.e2e.invalid/{z}/{x}/{y}.png';

/**
 * Answers every map tile of `context` with a small picture at once, as a tile server would. A test that wants
 * tiles to fail routes them itself on its page (maps.spec.ts); a page's routes come before its context's.
 */
export async function answerMapTiles(context: BrowserContext): Promise<void> {
  await context.route(`${new URL(E2E_TILE_URL).origin}/**`, (route) =>
    route.fulfill({ contentType: ONE_PIXEL_PNG.mimeType, body: ONE_PIXEL_PNG.buffer }),
  );
}
