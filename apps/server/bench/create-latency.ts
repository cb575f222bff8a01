/**
 * What a durable commit costs: starts the real server (its own process) on a database folder or URL, creates
 * vehicles through POST /api/vehicles/create, one at a time and then from several clients at once, and prints
 * p50/p95/p99 of the answer time. The folder may be empty: the server creates the bench administrator.
 *
 *   npx tsx bench/create-latency.ts --data-dir /tmp/create-bench          (embedded PGlite)
 *   npx tsx bench/create-latency.ts --database-url postgres://…/bench     (PostgreSQL)
 * Options: --requests 400 (per run), --clients 8 (the concurrent run).
 */
import { vehiclePayload } from '@school-transport/testing';
import * as hdr from 'hdr-histogram-js';
import { benchArguments, engineName, startBenchServer } from './bench-server.js';

const values = benchArguments({ port: 3998, requests: 400, clients: 8 });
const { requests, clients } = values;
const server = await startBenchServer(values);

async function measure(token: string, concurrency: number) {
  const latencies = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000, autoResize: true });
  let remaining = requests;
  const started = performance.now();
  const client = async () => {
    while (remaining-- > 0) {
      const sent = performance.now();
      const answer = await fetch(`${server.url}/api/vehicles/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(vehiclePayload()),
      });
      await answer.arrayBuffer();
      if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
      // Microseconds in the histogram, so sub-millisecond answers keep their precision.
      latencies.recordValue(Math.round((performance.now() - sent) * 1000));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const ms = (percentile: number) => (latencies.getValueAtPercentile(percentile) / 1000).toFixed(1);
  const perSecond = requests / ((performance.now() - started) / 1000);
  return { concurrency, p50: ms(50), p95: ms(95), p99: ms(99), perSecond: perSecond.toFixed(0) };
}

try {
  const token = await server.signIn();
  await measure(token, 1); // warm-up: first statements prepared, caches filled
  const rows = [await measure(token, 1), await measure(token, clients)];
  console.log(`Vehicle create on ${engineName(values)}, ${requests} requests per run`);
  console.log('clients  p50 ms  p95 ms  p99 ms  creates/s');
  for (const row of rows)
    console.log(
      `${String(row.concurrency).padStart(7)} ${row.p50.padStart(7)} ${row.p95.padStart(7)} ${row.p99.padStart(7)} ${row.perSecond.padStart(10)}`,
    );
} finally {
  await server.stop();
}
