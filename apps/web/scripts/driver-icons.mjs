#!/usr/bin/env node
/**
 * `node apps/web/scripts/driver-icons.mjs`: draws the driver app's home-screen icons (public/driver-icon-*.png)
 * from public/logo.svg, the one picture of the brand. Run again only when the logo changes; the PNGs are kept in
 * the repository so that a build needs no image tool. A maskable icon keeps the logo inside the safe circle
 * (80 % of the square) on the logo's own yellow.
 */
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const logo = path.join(publicDir, 'logo.svg');
const YELLOW = '#FFB419';

for (const size of [192, 512]) {
  await sharp(logo, { density: 72 * (size / 64) })
    .resize(size, size)
    .png()
    .toFile(path.join(publicDir, `driver-icon-${size}.png`));
}
const inner = Math.round(512 * 0.7);
const logoPng = await sharp(logo, { density: 72 * (inner / 64) })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: YELLOW } })
  .composite([{ input: logoPng, gravity: 'center' }])
  .png()
  .toFile(path.join(publicDir, 'driver-icon-maskable-512.png'));
console.log('Wrote the driver app icons to', publicDir);
