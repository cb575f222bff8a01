/** The audit module's front door: what the rest of the server may use of it. */
export { changedFields, recordAudit } from './audit-log.js';
export { tryTransactionLock } from './audit-queries.js';
export { auditRetentionJob } from './audit-retention.js';
export { auditRoutes } from './audit-routes.js';
export { auditExport } from './export-audit.js';
