/** The daily-jobs module's front door: what the rest of the server may use of it. */
export { addDailyJobs } from './daily-job-service.js';
export type { DailyJob } from './daily-job-service.js';
export { liveEventsPruneJob } from './live-events-prune-job.js';
export { retentionJob } from './retention-job.js';
export { tripsAheadJob } from './trips-ahead-job.js';
