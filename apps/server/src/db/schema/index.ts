export * from './users.js';
export * from './sessions.js';
export * from './audit.js';
