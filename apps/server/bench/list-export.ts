/**
 * Times a list's CSV export to its whole file through the real server (decision 045): the students (all, and a
 * search) and the drivers, each `--runs` times; prints the median and the range, rows and the machine's
 * load average.
 *
 *   npx tsx bench/list-export.ts --database-url postgres://…/bench_e --runs 3 --port 4396
 */
import os from 'node:os';
import { benchArguments, engineName, startBenchServer } from './bench-server.js';

const EXPORTS = [
  '/api/exports/students.csv',
  '/api/exports/students.csv?search=an',
  '/api/exports/drivers.csv',
];

const options = benchArguments({ port: 4396, runs: 3 });
const server = await startBenchServer(options);
try {
  const token = await server.signIn();
  const get = async <T>(auth: string, path: string): Promise<T> => {
    const answer = await fetch(`${server.url}${path}`, { headers: { authorization: auth } });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const load = () =>
    os
      .loadavg()
      .map((figure) => figure.toFixed(1))
      .join(' ');
  console.log(`${engineName(options)}, load average at the start ${load()}`);
  for (const path of EXPORTS) {
    const times: number[] = [];
    let lines = 0;
    for (let run = 0; run < options.runs; run += 1) {
      const started = performance.now();
      const answer = await fetch(`${server.url}${path}`, { headers: { authorization: token } });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
      const text = await answer.text();
      times.push(performance.now() - started);
      lines = text.split('\n').length - 2;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
    console.log(
      `${path}: ${lines.toLocaleString('en')} rows, median ${ms(sorted[Math.floor(sorted.length / 2)]!)} ` +
        `(${ms(sorted[0]!)}–${ms(sorted.at(-1)!)}), load ${load()}`,
    );
  }
  // What one page deep in the export costs: the list's last page by number (OFFSET) and from the cursor of the page
  // before (what the export now asks for), median of 5 each.
  const pages = await get<{ pagination: { totalPages: number } }>(token, '/api/students/get-all?limit=100');
  const last = pages.pagination.totalPages;
  const before = await get<{ cursors?: { next?: string } }>(
    token,
    `/api/students/get-all?limit=100&page=${last - 1}`,
  );
  for (const [how, path] of [
    ['by number', `/api/students/get-all?limit=100&page=${last}`],
    ['by cursor', `/api/students/get-all?limit=100&page=${last}&cursor=${before.cursors?.next}`],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      await get(token, path);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`students page ${last} ${how}: median ${times[2]!.toFixed(1)} ms, load ${load()}`);
  }
} finally {
  await server.stop();
}
