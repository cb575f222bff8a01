#!/usr/bin/env node
/**
 * Writes a .br and a .gz beside every text asset of the build, once, at build time, so the server sends the
 * compressed copy to browsers that accept it (@fastify/static `preCompressed`) without compressing per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The folder of the build to compress: given by scripts/build.mjs (a new versioned build), else apps/web/dist.
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let before = 0;
let after = 0;
for (const file of files(dist)) {
  const content = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  before += content.length;
  after += brotli.length;
}
console.log(
  `precompressed ${(before / 1024).toFixed(0)} kB of assets to ${(after / 1024).toFixed(0)} kB (brotli)`,
);
