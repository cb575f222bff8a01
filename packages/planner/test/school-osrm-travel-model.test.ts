import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '../src/school/geo.js';
import { osrmTravelModel, plannedBlocks, RouterError, TravelCache } from '../src/school/osrm-travel-model.js';

/**
 * A real HTTP server that answers OSRM's Table service over a town laid out as a grid: points 0.01° apart, a leg
 * takes 60 s per block driven (Manhattan distance) and 10 m per second. Like osrm-routed it refuses a request of
 * more than `maxTableSize` sources × destinations, and it records every leg it is asked.
 */
const ORIGIN = { lat: 48.85, lng: 2.35 };
const STEP = 0.01;
const SECONDS_PER_BLOCK = 60;
/** Points from this column east are an island: no road reaches them. */
const ISLAND_COLUMN = 50;

const at = (x: number, y: number): Point => ({ lat: ORIGIN.lat + y * STEP, lng: ORIGIN.lng + x * STEP });
const gridOf = (lng: number, lat: number) => ({
  x: Math.round((lng - ORIGIN.lng) / STEP),
  y: Math.round((lat - ORIGIN.lat) / STEP),
});
const blocksBetween = (a: Point, b: Point) =>
  Math.round(Math.abs(a.lng - b.lng) / STEP) + Math.round(Math.abs(a.lat - b.lat) / STEP);

type Mode = 'table' | 'status 500' | 'invalid query' | 'silent';

let mode: Mode = 'table';
let serverMaxTableSize = 100;
/** Each request's legs, as "x,y>x,y" of the grid, the diagonal left out. */
let requests: string[][] = [];
let lastAuthorization: string | undefined;
let server: Server;
let url: string;

function answerTable(path: string, search: URLSearchParams): { status: number; body: unknown } {
  const match = /^\/table\/v1\/driving\/(.+)$/.exec(path);
  if (!match || search.get('annotations') !== 'duration,distance') {
    return { status: 400, body: { code: 'InvalidUrl', message: `URL string malformed: ${path}` } };
  }
  const coordinates = match[1]!
    .split(';')
    .map((pair) => gridOf(...(pair.split(',').map(Number) as [number, number])));
  const indices = (name: string) => search.get(name)!.split(';').map(Number);
  const sources = indices('sources');
  const destinations = indices('destinations');
  if (sources.length * destinations.length > serverMaxTableSize ** 2) {
    return { status: 400, body: { code: 'TooBig', message: 'Too many table coordinates' } };
  }
  const legs: string[] = [];
  const cell = (factor: number) =>
    sources.map((source) =>
      destinations.map((destination) => {
        const from = coordinates[source]!;
        const to = coordinates[destination]!;
        if (from.x === to.x && from.y === to.y) return 0;
        if (factor === 1) legs.push(`${from.x},${from.y}>${to.x},${to.y}`);
        if (from.x >= ISLAND_COLUMN !== to.x >= ISLAND_COLUMN) return null;
        return (Math.abs(from.x - to.x) + Math.abs(from.y - to.y)) * SECONDS_PER_BLOCK * factor;
      }),
    );
  const durations = cell(1);
  const distances = cell(10);
  requests.push(legs);
  return { status: 200, body: { code: 'Ok', durations, distances, sources: [], destinations: [] } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const { pathname, searchParams } = new URL(request.url!, 'http://router');
    lastAuthorization = request.headers.authorization;
    if (mode === 'silent') return;
    if (mode === 'status 500') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return;
    }
    const { status, body } =
      mode === 'invalid query'
        ? {
            status: 400,
            body: { code: 'InvalidQuery', message: 'Query string malformed close to position 42' },
          }
        : answerTable(pathname, searchParams);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  mode = 'table';
  serverMaxTableSize = 100;
  requests = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fivePoints = [at(0, 0), at(3, 1), at(1, 4), at(2, 2), at(4, 0)];

function expectGridTable(
  points: readonly Point[],
  table: { size: number; seconds: Float64Array; metres: Float64Array },
) {
  expect(table.size).toBe(points.length);
  points.forEach((from, i) => {
    points.forEach((to, j) => {
      expect(table.seconds[i * points.length + j]).toBe(blocksBetween(from, to) * SECONDS_PER_BLOCK);
      expect(table.metres[i * points.length + j]).toBe(blocksBetween(from, to) * SECONDS_PER_BLOCK * 10);
    });
  });
}

const allLegs = (requestList: string[][]) => requestList.flat();

describe('OSRM travel model', () => {
  it("reads the router's durations and distances, lng,lat in, the diagonal 0", async () => {
    const table = await osrmTravelModel({ url }).table(fivePoints);
    expectGridTable(fivePoints, table);
    expect(table.seconds[0 * 5 + 2]).toBe(5 * 60);
    expect(table.metres[2 * 5 + 0]).toBe(5 * 600);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toHaveLength(20);
  });

  it('asks a big table in blocks the router accepts, every leg once', async () => {
    serverMaxTableSize = 2;
    const table = await osrmTravelModel({ url, maxTableSize: 2 }).table(fivePoints);
    expectGridTable(fivePoints, table);
    // 5 sources in 3 chunks × 5 destinations in 3 chunks.
    expect(requests).toHaveLength(9);
    expect(allLegs(requests)).toHaveLength(20);
    expect(new Set(allLegs(requests)).size).toBe(20);
  });

  it('fails with the reason when the blocks are bigger than the router allows', async () => {
    serverMaxTableSize = 2;
    await expect(osrmTravelModel({ url, maxTableSize: 3 }).table(fivePoints)).rejects.toThrow(
      /did not answer: TooBig: Too many table coordinates/,
    );
  });

  it('asks again only for the legs it has never been given', async () => {
    const cache = new TravelCache();
    await osrmTravelModel({ url, cache }).table(fivePoints);
    requests = [];

    // Another model, as a later job would build, over the same points in another order: nothing to ask.
    const shuffled = [fivePoints[3]!, fivePoints[0]!, fivePoints[4]!, fivePoints[1]!, fivePoints[2]!];
    expectGridTable(shuffled, await osrmTravelModel({ url, cache }).table(shuffled));
    expect(requests).toHaveLength(0);

    // Two new points among the old ones: the 5 × 2 legs to them, the 2 × 6 from them, nothing else.
    const more = [at(5, 5), ...fivePoints.slice(0, 3), at(0, 6), ...fivePoints.slice(3)];
    expectGridTable(more, await osrmTravelModel({ url, cache }).table(more));
    const asked = allLegs(requests);
    expect(asked).toHaveLength(5 * 2 + 2 * 6);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.every((leg) => leg.includes('5,5') || leg.includes('0,6'))).toBe(true);
    expect(requests).toHaveLength(2);
    expect(cache.size).toBe(7 * 6);
  });

  it('takes points a metre apart as one place, and asks it once', async () => {
    const nearSchool = { lat: ORIGIN.lat + 0.000_002, lng: ORIGIN.lng - 0.000_003 };
    const points = [ORIGIN, at(1, 1), nearSchool];
    const table = await osrmTravelModel({ url }).table(points);
    expect(Array.from(table.seconds)).toEqual([0, 120, 0, 120, 0, 120, 0, 120, 0]);
    expect(allLegs(requests).sort()).toEqual(['0,0>1,1', '1,1>0,0']);
  });

  it('forgets the least recently used legs past its bound, and asks only those again', async () => {
    const cache = new TravelCache(6);
    const [a, b, c, d] = fivePoints as [Point, Point, Point, Point];
    await osrmTravelModel({ url, cache }).table([a, b, c]);
    expect(allLegs(requests)).toHaveLength(6);
    expect(cache.size).toBe(6);

    // a–b used again: the legs to and from c are now the least recently used.
    requests = [];
    await osrmTravelModel({ url, cache }).table([a, b]);
    expect(requests).toHaveLength(0);

    // Four new legs (to and from d) push out four: c's, not the first ones asked.
    expectGridTable([a, b, d], await osrmTravelModel({ url, cache }).table([a, b, d]));
    expect(allLegs(requests)).toHaveLength(4);
    expect(cache.size).toBe(6);

    requests = [];
    expectGridTable([a, b, c], await osrmTravelModel({ url, cache }).table([a, b, c]));
    expect(allLegs(requests).sort()).toEqual(['0,0>1,4', '1,4>0,0', '1,4>3,1', '3,1>1,4']);
    expect(cache.size).toBe(6);
  });

  it('keeps a table right when the cache is smaller than the table', async () => {
    const cache = new TravelCache(3);
    expectGridTable(fivePoints, await osrmTravelModel({ url, cache }).table(fivePoints));
    expect(cache.size).toBe(3);
  });

  it('says which points no road joins', async () => {
    const island = at(ISLAND_COLUMN, 0);
    const failure = osrmTravelModel({ url }).table([fivePoints[0]!, island]);
    await expect(failure).rejects.toBeInstanceOf(RouterError);
    await expect(failure).rejects.toThrow(
      `The road router at ${url} finds no road from 48.85000, 2.35000 to 48.85000, 2.85000`,
    );
  });

  it("says why the router's answer is not a table", async () => {
    mode = 'status 500';
    const broken = osrmTravelModel({ url }).table(fivePoints);
    await expect(broken).rejects.toBeInstanceOf(RouterError);
    await expect(broken).rejects.toThrow(`The road router at ${url} did not answer: HTTP status 500`);

    mode = 'invalid query';
    await expect(osrmTravelModel({ url }).table(fivePoints)).rejects.toThrow(
      `The road router at ${url} did not answer: InvalidQuery: Query string malformed close to position 42`,
    );
  });

  it('says when the router cannot be reached, or is too slow', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const refused = osrmTravelModel({ url: closedUrl }).table(fivePoints);
    await expect(refused).rejects.toBeInstanceOf(RouterError);
    await expect(refused).rejects.toThrow(
      /^The road router at http:\/\/127\.0\.0\.1:\d+ did not answer: connect ECONNREFUSED/,
    );

    mode = 'silent';
    await expect(osrmTravelModel({ url, timeoutMs: 200 }).table(fivePoints)).rejects.toThrow(
      `The road router at ${url} did not answer: no answer within 0.2 s`,
    );
  });

  it('sends the credentials of its address as a header, and never shows them', async () => {
    const withPassword = url.replace('http://', 'http://planner:s%C3%A9cret@');
    expectGridTable(fivePoints, await osrmTravelModel({ url: withPassword }).table(fivePoints));
    expect(lastAuthorization).toBe(`Basic ${Buffer.from('planner:sécret').toString('base64')}`);

    mode = 'status 500';
    const failure = osrmTravelModel({ url: withPassword }).table(fivePoints);
    await expect(failure).rejects.toThrow(`The road router at ${url} did not answer: HTTP status 500`);
    await expect(failure).rejects.not.toThrow(/planner|cret/);
  });

  it('asks nothing for one place or none', async () => {
    const model = osrmTravelModel({ url });
    expect((await model.table([])).size).toBe(0);
    expect(Array.from((await model.table([ORIGIN, ORIGIN])).seconds)).toEqual([0, 0, 0, 0]);
    expect(requests).toHaveLength(0);
  });
});

describe('blocks of a table', () => {
  it('ask a first table as one group, whatever its size', () => {
    const missing = [0, 1, 2, 3, 4].map((source) => [0, 1, 2, 3, 4].filter((other) => other !== source));
    expect(plannedBlocks(missing, 100)).toEqual([
      { sources: [0, 1, 2, 3, 4], destinations: [0, 1, 2, 3, 4] },
    ]);
  });

  it('ask known places only for the legs to new ones', () => {
    // Places 0–2 known to each other, 3 and 4 new.
    const missing = [
      [3, 4],
      [3, 4],
      [3, 4],
      [0, 1, 2, 4],
      [0, 1, 2, 3],
    ];
    expect(plannedBlocks(missing, 2)).toEqual([
      { sources: [0, 1], destinations: [3, 4] },
      { sources: [2], destinations: [3, 4] },
      { sources: [3, 4], destinations: [0, 1] },
      { sources: [3, 4], destinations: [2, 3] },
      { sources: [3, 4], destinations: [4] },
    ]);
  });
});
