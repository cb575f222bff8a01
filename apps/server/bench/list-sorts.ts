/**
 * How long the first page of every list takes in each of its sorts (LIST_SORTS, both ways) and in its default
 * order, on a generated database: one app built in this process (migrations applied on start), an
 * administrator's GETs through `inject` (no network), each asked once to warm up (and prepare), then `--runs`
 * times; prints the median and the slowest. A few filtered pages too (a common search sorted by name, a status
 * sorted by route), where the sort's index has to skip rows the filter drops.
 *
 *   cd apps/server && npx tsx bench/list-sorts.ts --database-url postgres://postgres@127.0.0.1:5432/bench_1m
 * Options: --runs 7, --lists students,parents,trips (default: every list).
 */
import { parseArgs } from 'node:util';
import { LIST_SORTS, SORT_ORDERS, type SortedList } from '@school-transport/shared';
import { benchAppInProcess } from './bench-server.js';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '7' },
    lists: { type: 'string' },
  },
});
if (!values['database-url']) throw new Error('Give --database-url');
const runs = Number(values.runs);
const lists = (values.lists?.split(',') ?? Object.keys(LIST_SORTS)) as SortedList[];

const { app, token } = await benchAppInProcess(values['database-url']);

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const answer = await app.inject({ method: 'GET', url, headers: { authorization: token } });
  const ms = performance.now() - started;
  if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body}`);
  return ms;
}

async function measure(list: string, query: string) {
  const url = `/api/${list}/get-all?${query}`;
  await timed(url);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(url));
  times.sort((a, b) => a - b);
  return {
    list,
    query: query || '(default order)',
    'median ms': Number(times[Math.floor(times.length / 2)]!.toFixed(1)),
    'slowest ms': Number(times.at(-1)!.toFixed(1)),
  };
}

const results = [];
try {
  for (const list of lists) {
    results.push(await measure(list, ''));
    for (const sort of LIST_SORTS[list]) {
      for (const order of SORT_ORDERS) results.push(await measure(list, `sort=${sort}&order=${order}`));
    }
  }
  const filtered: [SortedList, string][] = [
    ['students', 'search=aar&sort=name&order=asc'],
    ['students', 'search=zz9&sort=name&order=asc'],
    ['students', 'unassigned=true&sort=parentName&order=desc'],
    ['parents', 'search=aar&sort=name&order=asc'],
    ['trips', 'status=COMPLETED&sort=routeName&order=asc'],
    ['trips', 'search=aar&sort=date&order=desc'],
  ];
  for (const [list, query] of filtered) if (lists.includes(list)) results.push(await measure(list, query));
  console.table(results);
} finally {
  await app.close();
}
