/** The retention module's front door: what the rest of the server may use of it. */
export { retentionJob } from './retention-job.js';
