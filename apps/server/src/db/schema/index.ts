export * from './users.js';
export * from './sessions.js';
export * from './audit.js';
export * from './fleet.js';
export * from './secrets.js';
export * from './families.js';
export * from './trips.js';
export * from './accounts.js';
