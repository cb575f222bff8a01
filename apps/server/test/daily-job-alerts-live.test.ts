import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, CredentialKind } from '@school-transport/shared';
import { openEventStream, recordsThrough, type EventStream } from '@school-transport/testing';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createAlertService } from '../src/modules/operations/alerts/alert-service.js';
import { credentialExpiryJob } from '../src/modules/operations/compliance/credential-expiry-job.js';
import { runDailyJob } from '../src/modules/platform/jobs/job-claims.js';
import { createLiveLog } from '../src/modules/operations/live/live-log.js';
import { tokenFor } from './support/accounts.js';
import { apiAs, type Api } from './support/requests.js';
import { freshDatabase, manualClock } from './support/test-app.js';

/**
 * The daily job's alerts (credentials expired or expiring) reach a dispatcher's open stream as soon as the day's
 * run commits, like alerts raised anywhere else, not at the hub's next poll: the hub here polls once a minute,
 * longer than the stream is waited on, so only the wake-up after the commit can deliver them. Both engines.
 */
const TODAY = '2026-03-02';
const TIME_ZONE = 'Europe/London';
const time = manualClock(new Date(`${TODAY}T08:00:00Z`));
const POLL_ONCE_A_MINUTE = 60_000;
/** Well under the hub's poll, so an alert that waited for the poll fails the test. */
const WAIT_MS = 20_000;

let app: FastifyInstance;
let base: string;
let drop: () => Promise<void> = async () => {};
let adminToken: string;
let admin: Api;
const streams: EventStream[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  app = await buildApp(
    {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TIME_ZONE, DAILY_JOBS: 'off' }),
      database: fresh.config,
      webDistDir: null,
    },
    { clock: time.clock, live: { pollMs: POLL_ONCE_A_MINUTE } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  adminToken = await tokenFor(app, 'admin');
  admin = apiAs(app, adminToken);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app?.close();
  await drop();
});

/** The job as the server wires it: its alerts written to this app's live log, which wakes this app's hub. */
function expiryJob() {
  const live = createLiveLog(() => app.liveHub.committed());
  const alerts = createAlertService({ db: app.database.db, clock: time.clock, live, timeZone: TIME_ZONE });
  return {
    name: 'credential-expiry',
    ...credentialExpiryJob({
      clock: time.clock,
      alerts,
      mailer: { send: async () => {} },
      publicUrl: 'https://office.example',
      live,
    }),
  };
}

const alertsOn = (stream: EventStream): Alert[] =>
  stream.events.filter((event) => event.event === 'alert').map((event) => JSON.parse(event.data) as Alert);

describe('the credential expiry job on the live stream', () => {
  it("sends each raised alert to an open dispatcher's stream once the run commits; a second run sends none", async () => {
    const kinds = (await admin('GET', '/api/credential-kinds/get-all?limit=100')).body
      .data as CredentialKind[];
    const licence = kinds.find((kind) => kind.name === 'Driving licence')!;
    const driver = await recordsThrough((method, url, body) => admin(method, url, body)).driver();
    const saved = await admin('POST', '/api/credentials/save', {
      driverId: driver.id,
      kindId: licence.id,
      number: 'DL-LIVE-1',
      expiresOn: '2026-03-05',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const stream = await openEventStream(`${base}/api/live`, { authorization: adminToken });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor((events) => events.some((event) => event.event === 'ready'));

    const report = await runDailyJob(app.database.db, expiryJob(), TODAY, time.clock);
    expect(report?.figures.alerts).toBe(1);
    await stream.waitFor((events) => events.some((event) => event.event === 'alert'), WAIT_MS);
    expect(alertsOn(stream)).toEqual([
      expect.objectContaining({
        kind: 'CREDENTIAL_EXPIRING',
        tripId: null,
        message: `${driver.user.name}'s driving licence expires on 5 Mar 2026 (in 3 days).`,
        acknowledgedAt: null,
      }),
    ]);

    // The day is done: another run (another process's timer) takes nothing and sends nothing more.
    expect(await runDailyJob(app.database.db, expiryJob(), TODAY, time.clock)).toBeNull();
    // An event written after it is the next one the stream sends: nothing of the job's came in between.
    const acknowledged = await admin('POST', `/api/alerts/${alertsOn(stream)[0]!.id}/acknowledge`);
    expect(acknowledged.status).toBe(200);
    await stream.waitFor(() => alertsOn(stream).length === 2, WAIT_MS);
    expect(alertsOn(stream).map((alert) => alert.acknowledgedAt !== null)).toEqual([false, true]);
  });
});
