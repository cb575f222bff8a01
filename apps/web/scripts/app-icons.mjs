#!/usr/bin/env node
/**
 * `node apps/web/scripts/app-icons.mjs parent`: draws an installable app's home-screen icons
 * (public/<app>-icon-192.png, -512.png and -maskable-512.png) from public/logo.svg, the one picture of the brand,
 * on the app's own background so that a phone with both apps tells them apart. Run again only when the logo
 * changes; the PNGs are kept in the repository so that a build needs no image tool. The maskable icon keeps the
 * picture inside the safe circle (80 % of the square).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const LOGO_BACKGROUND = '#FFB419';
/** Each app's background: the driver app keeps the logo's yellow, the parent portal is white. */
const BACKGROUNDS = { driver: LOGO_BACKGROUND, parent: '#FFFFFF' };

const app = process.argv[2];
const background = BACKGROUNDS[app];
if (!background) {
  console.error(`Name an app: ${Object.keys(BACKGROUNDS).join(' or ')}.`);
  process.exit(1);
}
const svg = Buffer.from(
  fs
    .readFileSync(path.join(publicDir, 'logo.svg'), 'utf8')
    .replace(`fill="${LOGO_BACKGROUND}"/>`, `fill="${background}"/>`),
);
const draw = (size) =>
  sharp(svg, { density: 72 * (size / 64) })
    .resize(size, size)
    .png();
const out = (name) => path.join(publicDir, `${app}-icon-${name}.png`);

await Promise.all([192, 512].map((size) => draw(size).toFile(out(size))));
await sharp({ create: { width: 512, height: 512, channels: 4, background } })
  .composite([{ input: await draw(Math.round(512 * 0.7)).toBuffer(), gravity: 'center' }])
  .png()
  .toFile(out('maskable-512'));
console.log(`Wrote the ${app} icons to ${publicDir}`);
