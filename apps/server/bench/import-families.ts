/**
 * The CSV import of families at the size the issue sets (50,000 rows: 25,000 families of two children) through
 * the real API: one server built in this process on a PGlite folder or a PostgreSQL database, listening on a local
 * port, an administrator's POSTs over HTTP. Generates the file, then times the dry run, the commit and the same file
 * committed again (which must change nothing). Exits non-zero when the dry run is over 10 s or the commit over 30 s.
 *
 *   npm run bench:import -w apps/server -- --data-dir /tmp/import-bench      (PGlite; the folder should be new)
 *   npm run bench:import -w apps/server -- --database-url postgres://…/bench_import
 * Options: --rows 50000, --port 3997.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { ImportLine } from '@school-transport/shared';
import { listeningBenchApp } from './bench-server.js';

const DRY_RUN_TARGET_MS = 10_000;
const COMMIT_TARGET_MS = 30_000;
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    rows: { type: 'string', default: '50000' },
    port: { type: 'string', default: '3997' },
  },
});
if (!values['database-url'] && !values['data-dir']) throw new Error('Give --database-url or --data-dir');
const rows = Number(values.rows);

/** Two children a family; every value unique where the database wants it (e-mail, tag, ids). */
function familiesFile(count: number): string {
  const run = randomUUID().slice(0, 8);
  const lines = [
    'Family ID,Parent Name,Email,Phone,Alternative Phone,Address,City,State,ZIP,Child ID,Child Name,Class,Roll No,NFC Tag,Latitude,Longitude',
  ];
  for (let row = 0; row < count; row += 1) {
    const family = Math.floor(row / 2);
    lines.push(
      [
        `F-${run}-${family}`,
        `Parent ${family}`,
        `parent-${run}-${family}@example.com`,
        '+91 98765 43210',
        '+91 98765 43211',
        `${family} Lake Road`,
        'Bengaluru',
        'Karnataka',
        '560001',
        `C-${run}-${row}`,
        `Child ${row}`,
        `${1 + (row % 10)}A`,
        String(row),
        `${run}${row}`.toUpperCase(),
        (12.9 + (row % 1000) / 10_000).toFixed(5),
        (77.5 + (row % 997) / 10_000).toFixed(5),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const { app, url, token } = await listeningBenchApp(values, Number(values.port));

const csv = familiesFile(rows);
console.log(
  `Engine: ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}; file: ${rows} rows, ${(csv.length / 1e6).toFixed(1)} MB`,
);

/**
 * One import's wall clock, from the first byte sent to the report line, with the process's CPU time over it (the
 * server runs in this process, PGlite too: on a shared machine the CPU time is the figure the load moves least) and
 * when each phase's first progress line arrived. Throws on anything but a clean report.
 */
async function timed(mode: 'dry-run' | 'commit') {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const answer = await fetch(`${url}/api/imports/families?mode=${mode}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'text/csv' },
    body: csv,
  });
  const phaseStarts = new Map<string, number>();
  let text = '';
  let last: ImportLine | undefined;
  const decoder = new TextDecoder();
  for await (const chunk of answer.body!) {
    text += decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    text = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      last = JSON.parse(line) as ImportLine;
      if (last.type === 'progress' && !phaseStarts.has(last.phase))
        phaseStarts.set(last.phase, performance.now() - started);
    }
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (answer.status !== 200 || last?.type !== 'report' || last.report.problemCount > 0)
    throw new Error(`${mode} answered ${answer.status}: ${JSON.stringify(last).slice(0, 500)}`);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, phaseStarts, report: last.report };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** CPU time, and when the first progress line of each phase came (reading: the file parsed; writing: the clash look-ups done and the first batch written). */
const detail = ({ cpuMs, phaseStarts }: Awaited<ReturnType<typeof timed>>) =>
  `[cpu ${seconds(cpuMs)}; ${[...phaseStarts].map(([phase, at]) => `first ${phase} line ${seconds(at)}`).join(', ')}]`;
const dryRun = await timed('dry-run');
console.log(`dry run: ${seconds(dryRun.ms)} (target ≤ ${seconds(DRY_RUN_TARGET_MS)}) ${detail(dryRun)}`);
const commit = await timed('commit');
const { created, updated, unchanged } = commit.report;
console.log(
  `commit:  ${seconds(commit.ms)} (target ≤ ${seconds(COMMIT_TARGET_MS)}): ${created} created, ${updated} updated ${detail(commit)}`,
);
const again = await timed('commit');
console.log(
  `again:   ${seconds(again.ms)}: ${again.report.created} created, ${again.report.updated} updated, ${again.report.unchanged} unchanged (before: ${unchanged}) ${detail(again)}`,
);
await app.close();
const failed =
  dryRun.ms > DRY_RUN_TARGET_MS ||
  commit.ms > COMMIT_TARGET_MS ||
  again.report.created + again.report.updated > 0 ||
  created !== rows + rows / 2;
if (failed) {
  console.error('FAILED: over a target, or the second import changed something');
  process.exitCode = 1;
}
