import type { PlanProposal } from '@school-transport/shared';
import { expect } from 'vitest';
import type { Api } from './requests.js';

/** Jobs are followed through the API, never by sleeping a fixed time: this is only the overall limit. */
const WAIT_LIMIT_MS = 60_000;
const POLL_MS = 100;

/** Starts a planning job with this request and answers the proposal once it has ended (DONE, FAILED, CANCELLED). */
export async function plannedThrough(api: Api, body: object): Promise<PlanProposal> {
  const started = await api('POST', '/api/planner/proposals', body);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = (started.body.data as PlanProposal).id;
  const until = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const proposal = (await api('GET', `/api/planner/proposals/${id}`)).body.data as PlanProposal;
    if (proposal.status !== 'RUNNING') return proposal;
    if (Date.now() > until) throw new Error(`Proposal ${id} never finished: ${JSON.stringify(proposal)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
