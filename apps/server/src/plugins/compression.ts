import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers over 1 kB for clients that ask (browsers always do): a 100-row list is 48 kB of JSON and
 * about a fifth of that compressed. Brotli at quality 4 costs about what gzip does; the web app's files are
 * compressed once at build time instead (apps/web/scripts/precompress.mjs) and sent as they are.
 */
export async function addCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
