/**
 * What tests, benchmarks and tools share. The dataset generator, which ships with the server, imports
 * sample-data.ts alone: this index brings test-only dependencies (the SMTP server) along.
 */
export * from './sample-data.js';
export * from './factories.js';
export * from './api-records.js';
export * from './server-process.js';
export * from './mail-sink.js';
