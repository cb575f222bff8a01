/** The accounts module's front door: what the rest of the server may use of it. */
export { accountRoutes, parentProfileRoutes, roleAccountRoutes, staffRoutes } from './account-routes.js';
export { createAccountService } from './account-service.js';
export { createInvitationSender } from './invitations.js';
export { parentProfileColumns } from './parent-profile-queries.js';
export { createParentProfileService } from './parent-profile-service.js';
export { accountRecordAnswer, accountStateColumns } from './role-account-queries.js';
export { createRoleAccountService } from './role-account-service.js';
export { createStaffService, roleFromProvider, type ProviderRoleKept } from './staff-service.js';
export { schoolsOfStaff } from './staff-queries.js';
