/**
 * The office's message to 10,000 guardians (issue 35, decision 066): how long from the office's send to the last
 * guardian's push, through the real path: POST /api/family-messages/create on a server running as its own process,
 * its `family-messages` job writing one recipient and one outbox row per guardian, the notification dispatcher
 * encrypting and posting each push to packages/testing's push service on 127.0.0.1 (it checks each VAPID signature
 * and decrypts each message), which stands for the browsers' push services.
 *
 * The database is prepared in this process, in bulk SQL (the families' forms and subscriptions are other
 * benchmarks' subject): --guardians parent accounts, each with one child (the trigger links the child to them) and
 * one subscribed device whose endpoint is on the push service. The server then starts on it, the administrator
 * signs in, and one message to everyone is sent. Printed: the send's answer time, when the job had written the
 * recipients (the message's `recipients` set), when the last push arrived, when the message was DONE, pushes
 * received, any endpoint pushed twice, and the machine's load average (the machine is shared).
 *
 * NODE_ENV=test for the server process, as in parent-notify.ts: only then does it push to a loopback http endpoint
 * (PUSH_EXTRA_ORIGINS; the SSRF rule of push-endpoints.ts).
 *
 *   npm run bench:family-messages -- --data-dir /tmp/fm-bench                (PGlite, a new folder)
 *   npm run bench:family-messages -- --database-url postgres://…/bench_fm    (PostgreSQL, an empty database)
 * Options: --guardians 10000, --wait 600 (seconds until a push not yet arrived counts as lost), --port 3996.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FamilyMessage, PushPayload } from '@school-transport/shared';
import { fromSource, startPushService, startServer } from '@school-transport/testing';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';
import { BENCH_ADMIN, benchArguments, cpuSeconds, engineName, loadNow, pushTestApp } from './bench-server.js';

const values = benchArguments({ port: 3996, guardians: 10_000, wait: 600 });
const dataDir = values['data-dir'] ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'family-messages-')));
const databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: values['database-url'] ?? '' };
const push = await startPushService();
const CHUNK = 1_000;

/** The guardians, their children and their devices, written in bulk by an app built in this process. */
async function prepare(): Promise<Set<string>> {
  const { app } = await pushTestApp(push.origin, databaseEnv);
  const endpoints = new Set<string>();
  try {
    const db = app.database.db;
    await createAdmin(db, { ...BENCH_ADMIN, name: 'Bench' }, 'bench');
    const tag = Date.now().toString(36);
    for (let start = 0; start < values.guardians; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, values.guardians - start) }, (_, k) => {
        const n = start + k;
        const device = push.subscription();
        endpoints.add(device.endpoint);
        return {
          user: randomUUID(),
          parent: randomUUID(),
          name: `Guardian ${n}`,
          email: `guardian-${tag}-${n}@example.com`,
          endpoint: device.endpoint,
          p256dh: device.keys.p256dh,
          auth: device.keys.auth,
        };
      });
      const input = sql`json_to_recordset(${JSON.stringify(rows)}::json) as i(
        "user" uuid, parent uuid, name text, email text, endpoint text, p256dh text, auth text)`;
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into users (id, name, email, role) select i."user", i.name, i.email, 'parent'
          from ${input}`);
        await tx.execute(sql`insert into parents (id, user_id, phone, alternative_phone, address, state, pin_code)
          select i.parent, i."user", '+1 555 0100', '+1 555 0101', '1 Main Street', 'State', '10001' from ${input}`);
        await tx.execute(sql`insert into students (parent_id, name, class, roll_no, pickup_lat, pickup_lng)
          select i.parent, 'Child of ' || i.name, '3', '1', 51.5, -0.1 from ${input}`);
        await tx.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
          select i."user", i.endpoint, i.p256dh, i.auth from ${input}`);
      });
    }
  } finally {
    await app.close();
  }
  return endpoints;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const endpoints = await prepare();
const server = await startServer({
  program: fromSource(['start']),
  env: {
    ...databaseEnv,
    NODE_ENV: 'test',
    PORT: String(values.port),
    LOG_LEVEL: 'warn',
    PUSH_EXTRA_ORIGINS: push.origin,
  },
  echo: true,
  quiet: /running at|^\s*-+\s*$|Database:|Mail:|web app|development mode/,
});
try {
  const api = await server.apiAs(BENCH_ADMIN);
  const officePushes = () =>
    push.messages.filter((message) => (message.payload as PushPayload).kind === 'OFFICE_MESSAGE');
  const loadBefore = loadNow();
  const cpuBefore = cpuSeconds(server.pid) ?? 0;
  const start = performance.now();
  const sent = await api<FamilyMessage>('POST', '/api/family-messages/create', {
    audience: { kind: 'everyone' },
    body: 'The buses run 20 minutes late this morning: roadworks on the bypass.',
  });
  const answeredMs = performance.now() - start;
  if (sent.status !== 200) throw new Error(`the send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const id = sent.body.data.id;
  let expandedMs: number | null = null;
  let lastPushMs: number | null = null;
  let doneMs: number | null = null;
  let loadDuring = '';
  const deadline = start + values.wait * 1000;
  let polls = 0;
  while (performance.now() < deadline && (lastPushMs === null || doneMs === null)) {
    if (lastPushMs === null && officePushes().length >= values.guardians)
      lastPushMs = performance.now() - start;
    // The message's state every half second (the pushes are counted every 50 ms).
    if (polls++ % 10 === 0) {
      const message = (await api<FamilyMessage>('GET', `/api/family-messages/get-one/${id}`)).body.data;
      if (expandedMs === null && message.recipients !== null) expandedMs = performance.now() - start;
      if (doneMs === null && message.state === 'DONE') doneMs = performance.now() - start;
      if (polls === 21) loadDuring = loadNow();
    }
    await sleep(50);
  }
  const pushes = officePushes();
  const perEndpoint = new Map<string, number>();
  for (const message of pushes)
    perEndpoint.set(message.endpoint, (perEndpoint.get(message.endpoint) ?? 0) + 1);
  const twice = [...perEndpoint.values()].filter((n) => n > 1).length;
  const strangers = [...perEndpoint.keys()].filter((endpoint) => !endpoints.has(endpoint)).length;
  const seconds = (ms: number | null) => (ms === null ? 'not within --wait' : `${(ms / 1000).toFixed(1)} s`);
  console.log(`\n${engineName(values)}, ${values.guardians.toLocaleString('en')} guardians, one device each`);
  console.log(`  send answered            ${answeredMs.toFixed(0)} ms`);
  console.log(`  recipients written       ${seconds(expandedMs)}`);
  console.log(`  last push received       ${seconds(lastPushMs)}`);
  console.log(`  message DONE             ${seconds(doneMs)}`);
  console.log(
    `  pushes received          ${pushes.length} (endpoints pushed twice: ${twice}, unknown: ${strangers})`,
  );
  console.log(`  refused by push service  ${push.rejected.length}`);
  console.log(`  server CPU               ${((cpuSeconds(server.pid) ?? 0) - cpuBefore).toFixed(1)} s`);
  console.log(
    `  load average (1/5/15)    before ${loadBefore}, during ${loadDuring || loadNow()}, after ${loadNow()}`,
  );
  console.log(`  machine                  ${os.cpus().length} cores`);
} finally {
  await server.stop();
  await push.close();
}
