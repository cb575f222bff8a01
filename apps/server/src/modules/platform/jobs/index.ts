/** The jobs module's front door: what the rest of the server may use of it. */
export type { ClaimedWork, Job, JobReport, JobSchedule, ProcessWork } from './job.js';
export { runDailyJob, runLockedJob } from './job-claims.js';
export { serverJobs } from './job-registry.js';
export type { JobSettings, ServerJobWork } from './job-registry.js';
export { createJobRunner } from './job-runner.js';
export type { JobRunner } from './job-runner.js';
