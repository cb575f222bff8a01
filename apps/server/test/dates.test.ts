import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE } from '@school-transport/shared';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Every date the API takes is a calendar day within DATE_RANGE: outside it, 400 and never the database's 500. */
let t: TestApp;
let api: Api;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  api = apiAs(t.app, await tokenFor(t.app, 'admin'));
});
afterAll(() => t.close());

const OUTSIDE = ['0000-01-01', '0001-01-01', '1999-12-31', '2100-01-01', '9999-12-31'];
const INSIDE = [DATE_RANGE.min, '2026-03-02', DATE_RANGE.max];

const inputs = [
  { name: 'trip generation', call: (day: string) => api('POST', '/api/trips/generate', { date: day }) },
  { name: 'trip list from', call: (day: string) => api('GET', `/api/trips/get-all?dateFrom=${day}`) },
  { name: 'trip list to', call: (day: string) => api('GET', `/api/trips/get-all?dateTo=${day}`) },
  { name: 'audit log from', call: (day: string) => api('GET', `/api/audit-log/get-all?dateFrom=${day}`) },
  { name: 'audit log to', call: (day: string) => api('GET', `/api/audit-log/get-all?dateTo=${day}`) },
];

describe.each(inputs)('$name', ({ call }) => {
  it.each(OUTSIDE)('refuses %s with 400 naming the range', async (day) => {
    const answer = await call(day);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toContain(`between ${DATE_RANGE.min} and ${DATE_RANGE.max}`);
  });

  it.each(INSIDE)('takes %s', async (day) => {
    expect((await call(day)).status).toBeLessThan(300);
  });
});
