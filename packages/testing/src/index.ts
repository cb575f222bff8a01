/** What tests, benchmarks and tools share (the sample words and places come from the shared package). */
export * from './factories.js';
export * from './api-records.js';
export * from './server-process.js';
export * from './mail-sink.js';
export * from './event-stream.js';
export * from './push-service.js';
export * from './documents.js';
