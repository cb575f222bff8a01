/** The compliance module's front door: what the rest of the server may use of it. */
export { complianceRoutes } from './compliance-routes.js';
export { createComplianceService } from './compliance-service.js';
export type { ComplianceService } from './compliance-service.js';
export { credentialExpiryJob } from './credential-expiry-job.js';
export { createCredentialKindService } from './credential-kind-service.js';
export { createCredentialService } from './credential-service.js';
