/**
 * Roster sync at the size the issue sets (a OneRoster bundle of 10,000 students, with 13,334 guardians and 20 schools)
 * through the real API: one server built in this process on a PGlite folder or a PostgreSQL database, listening on a
 * local port, an administrator's POSTs over HTTP. Zips the bundle, then times the dry run, the apply, and the same
 * bundle's dry run and apply again (which must change nothing). Prints the load average: the machine is shared.
 *
 *   npm run bench:roster -w apps/server -- --data-dir /tmp/roster-bench      (PGlite; the folder should be new)
 *   npm run bench:roster -w apps/server -- --database-url postgres://…/bench_roster
 * Options: --students 10000, --port 3996.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { RosterDiff } from '@school-transport/shared';
import { generateRoster, rosterBundle } from '../test/support/oneroster.js';
import { listeningBenchApp } from './bench-server.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    students: { type: 'string', default: '10000' },
    port: { type: 'string', default: '3996' },
  },
});
if (!values['database-url'] && !values['data-dir']) throw new Error('Give --database-url or --data-dir');
const students = Number(values.students);

const { app, url, token } = await listeningBenchApp(values, Number(values.port));

const zip = rosterBundle(generateRoster(`b${Date.now().toString(36)}`, students, 20));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `Engine: ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}; bundle: ${students} students, ${(zip.length / 1e6).toFixed(2)} MB zipped; load average ${load()}`,
);

async function timed(mode: 'dry-run' | 'apply') {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const answer = await fetch(`${url}/api/roster-sync/bundle?mode=${mode}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/zip' },
    body: zip,
  });
  const body = (await answer.json()) as { data: RosterDiff };
  if (answer.status !== 200)
    throw new Error(`${mode} answered ${answer.status}: ${JSON.stringify(body).slice(0, 500)}`);
  const cpu = process.cpuUsage(cpuBefore);
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, diff: body.data };
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const summary = ({ diff }: { diff: RosterDiff }) =>
  `students +${diff.students.added} ~${diff.students.changed} -${diff.students.removed}, ` +
  `guardians +${diff.guardians.added} ~${diff.guardians.changed} -${diff.guardians.removed}, ` +
  `schools +${diff.schools.added}, links +${diff.links.added}`;

const results: Array<[string, Awaited<ReturnType<typeof timed>>]> = [];
for (const [label, mode] of [
  ['dry run', 'dry-run'],
  ['apply', 'apply'],
  ['dry run again', 'dry-run'],
  ['apply again', 'apply'],
] as const) {
  const result = await timed(mode);
  results.push([label, result]);
  console.log(
    `${label.padEnd(14)} ${seconds(result.ms)} [cpu ${seconds(result.cpuMs)}; load ${load()}]: ${summary(result)}`,
  );
}
await app.close();
const again = results[3]![1].diff;
if (
  results[1]![1].diff.students.added !== students ||
  again.students.added + again.students.changed + again.guardians.changed + again.links.added > 0
) {
  console.error('FAILED: the apply did not add every student, or the second sync changed something');
  process.exitCode = 1;
}
