/** The settings module's front door: what the rest of the server may use of it. */
export { settingsRoutes } from './settings-routes.js';
