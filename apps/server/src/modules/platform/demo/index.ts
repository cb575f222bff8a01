/** The demo module's front door: what the rest of the server may use of it. */
export { DEMO_ACCOUNTS, DEMO_DRIVER_EMAIL, fillDemoOperator } from './demo-operator.js';
export { hasDemoOperator } from './demo-queries.js';
