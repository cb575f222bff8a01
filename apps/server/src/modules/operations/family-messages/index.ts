/** The family-messages module's front door (decision 066): the office's templates and messages to families. */
export { familyMessageJob } from './family-message-job.js';
export { familyMessageRoutes, messageTemplateRoutes } from './family-message-routes.js';
export { createFamilyMessageService } from './family-message-service.js';
export { createMessageTemplateService } from './message-template-service.js';
export { childrenOf, guardiansOfChildren } from './family-message-queries.js';
