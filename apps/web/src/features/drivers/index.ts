/** What other features may use of the drivers feature: the API resource and the addresses of its screens. */
export { DRIVERS } from './api';
export { DRIVER_LIST_PATH, updateDriverPath } from './paths';
