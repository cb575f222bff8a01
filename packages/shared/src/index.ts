export * from './roles.js';
export * from './envelope.js';
export * from './auth.js';
export * from './messages.js';
export * from './list.js';
export * from './fields.js';
export * from './fleet.js';
