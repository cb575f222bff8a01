#!/usr/bin/env node
/**
 * Bundle budget: the JavaScript of the first screen — the entry and everything it imports, plus the Log In screen
 * (loaded lazily, but at once for a visitor) and everything that imports — must stay at or under 200 kB gzip.
 * Reads Vite's manifest of the build, prints every chunk's size, and fails over budget.
 * Run after `npm run build` (CI does both); an optional argument names another build directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const FIRST_SCREEN = ['index.html', 'src/features/auth/LoginPage.tsx'];

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** A chunk and, recursively, the chunks it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const keys = new Set(FIRST_SCREEN.flatMap((key) => [...closure(key)]));
let total = 0;
for (const key of keys) {
  const file = manifest[key].file;
  const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
const within = total <= BUDGET_BYTES;
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} kB  first screen (Log In), gzip: ${within ? 'within' : 'OVER'} the ${BUDGET_BYTES / 1024} kB budget`,
);
process.exit(within ? 0 : 1);
