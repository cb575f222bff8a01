/**
 * What declaring the answer's schema costs on the students list: two apps on in-memory PGlite with the same
 * students, one sending answers through their zod schema (as production does) and one without, asked
 * GET /api/students/get-all?limit=100 in turn, rounds interleaved A/B/A/B so a busy machine weighs on both alike.
 * Prints the median time per request of each.
 *
 *   npx tsx bench/response-schema-cost.ts                       (2000 requests each, 300 students)
 *   npx tsx bench/response-schema-cost.ts --requests 500 --families 10
 */
import { parseArgs } from 'node:util';
import { Writable } from 'node:stream';
import { familyPayload, uniqueTag } from '@school-transport/testing';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createAdmin } from '../src/modules/platform/users/first-admin.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, families: { type: 'string', default: '30' } },
});
const requests = Number(values.requests);
const families = Number(values.families);
const ROUND = 50;
const admin = { email: 'bench-admin@example.com', name: 'Bench', password: 'bench admin password 1' };
const silent = new Writable({ write: (_chunk, _encoding, done) => done() });

async function seededApp(responseSchemas: boolean) {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
    database: { kind: 'pglite' as const, dataDir: 'memory://' },
    webDistDir: null,
  };
  const app = await buildApp(config, { logStream: silent, responseSchemas });
  await app.ready();
  await createAdmin(app.database.db, admin, 'bench');
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin });
  const token = login.json<{ token: string }>().token;
  for (let i = 0; i < families; i++) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/parents/create',
      headers: { authorization: token },
      payload: familyPayload(uniqueTag(), 10),
    });
    if (created.statusCode !== 201) throw new Error(`family ${i}: ${created.statusCode} ${created.body}`);
  }
  return { app, token, times: [] as number[] };
}

const withSchema = await seededApp(true);
const withoutSchema = await seededApp(false);

async function round(side: Awaited<ReturnType<typeof seededApp>>) {
  for (let i = 0; i < ROUND; i++) {
    const started = performance.now();
    const answer = await side.app.inject({
      method: 'GET',
      url: '/api/students/get-all?limit=100',
      headers: { authorization: side.token },
    });
    side.times.push(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`list answered ${answer.statusCode}`);
  }
}

// Warm both (prepared statements, JIT), then measure in alternating rounds.
await round(withSchema);
await round(withoutSchema);
withSchema.times.length = 0;
withoutSchema.times.length = 0;
for (let done = 0; done < requests; done += ROUND) {
  await round(withSchema);
  await round(withoutSchema);
}

const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const a = median(withSchema.times);
const b = median(withoutSchema.times);
console.log(
  JSON.stringify({
    students: families * 10,
    requestsEach: withSchema.times.length,
    medianMsWithSchema: Number(a.toFixed(3)),
    medianMsWithoutSchema: Number(b.toFixed(3)),
    costMs: Number((a - b).toFixed(3)),
    costPercent: Number((((a - b) / b) * 100).toFixed(1)),
  }),
);
await withSchema.app.close();
await withoutSchema.app.close();
