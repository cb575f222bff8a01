import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MAX_ANSWER_BYTES, greatCircleMetres, type Point } from '@school-transport/planner';
import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { plannedThrough } from './support/planner-jobs.js';
import { adminTestApp } from './support/requests.js';

/**
 * Planning with a road router (ROUTING_URL). A real HTTP server answers OSRM's Table service: every road is twice
 * the straight line, driven at 10 m/s. The plan's distances must be the router's, its cache must outlive a job, and
 * a router that stops answering must fail the job in words.
 */
const ROAD_FACTOR = 2;
const METRES_PER_SECOND = 10;

let legsAsked = 0;
let router: http.Server;
/** What the router answers: its table, a table with one leg that has no road, or an answer far too large. */
let answering: 'table' | 'no-road' | 'oversized' = 'table';
/** Every fetch this thread (the API's) makes; the planning thread has a fetch of its own. */
const fetchSpy = vi.spyOn(globalThis, 'fetch');
afterAll(() => fetchSpy.mockRestore());
const env: Record<string, string> = {};

const pointOf = (pair: string): Point => {
  const [lng, lat] = pair.split(',').map(Number);
  return { lat: lat!, lng: lng! };
};

beforeAll(async () => {
  router = http.createServer((request, response) => {
    const address = new URL(request.url!, 'http://router');
    const points = /^\/table\/v1\/driving\/(.+)$/.exec(address.pathname)![1]!.split(';').map(pointOf);
    const indices = (name: string) => address.searchParams.get(name)!.split(';').map(Number);
    const [sources, destinations] = [indices('sources'), indices('destinations')];
    legsAsked += sources.length * destinations.length;
    const road = (from: number, to: number) => greatCircleMetres(points[from]!, points[to]!) * ROAD_FACTOR;
    const table = (scale: number) => sources.map((from) => destinations.map((to) => road(from, to) * scale));
    response.setHeader('content-type', 'application/json');
    if (answering === 'oversized') {
      // A valid table padded past the limit: a router (or what poses as one) must not fill the planner's memory.
      const padding = ' '.repeat(DEFAULT_MAX_ANSWER_BYTES);
      response.end(`{"code":"Ok","durations":${JSON.stringify(table(1))},"pad":"${padding}"}`);
      return;
    }
    const durations = table(1 / METRES_PER_SECOND);
    if (answering === 'no-road') durations[0]![durations[0]!.length - 1] = null as unknown as number;
    response.end(JSON.stringify({ code: 'Ok', distances: table(1), durations }));
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  env.ROUTING_URL = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => router.close(resolve)));

// After the router's beforeAll, so the app is built with its address.
const { t, api } = adminTestApp({ env });

const planned = (body: object) => plannedThrough(api, body);

describe('planning with a road router', () => {
  const school = { lat: 12.97, lng: 77.61 };
  let request: {
    schoolId: string;
    studentIds: string[];
    vehicleIds: string[];
    seconds: number;
    iterations: number;
  };

  beforeAll(async () => {
    const make = recordsThrough(api);
    const created = await api('POST', '/api/schools/create', {
      name: `Hillside ${uniqueTag()}`,
      ...school,
      bellTime: '08:30',
      dismissalTime: '15:10',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Six homes on a street a few kilometres from school, each 600 m from the next: six stops.
    const payload = familyPayload(uniqueTag(), 6);
    const family = await make.family({
      ...payload,
      children: payload.children.map((child, index) => ({
        ...child,
        pickupAndDropLat: 12.94 + index * 0.0055,
        pickupAndDropLng: 77.6,
      })),
    });
    const vehicle = await make.vehicle({ capacity: 10 });
    request = {
      schoolId: (created.body.data as { id: string }).id,
      studentIds: family.students.map((student) => student.id),
      vehicleIds: [vehicle.id],
      seconds: 10,
      iterations: 200,
    };
  });

  it("drives the router's roads, and asks it nothing new for the same stops again", async () => {
    const first = await planned(request);
    expect(first.status, first.error ?? '').toBe('DONE');
    const [run] = first.result!.morningRuns;
    const path = [...run!.stops, school];
    const roads = path
      .slice(1)
      .reduce((metres, point, index) => metres + greatCircleMetres(path[index]!, point) * ROAD_FACTOR, 0);
    // The straight-line model would make it 1.3 times the great circle, not 2.
    expect(run!.metres).toBe(Math.round(roads));
    const asked = legsAsked;
    expect(asked).toBeGreaterThan(0);

    const second = await planned(request);
    expect(second.status, second.error ?? '').toBe('DONE');
    expect(second.result).toEqual(first.result);
    expect(legsAsked).toBe(asked);
  });

  /** Two children at homes the cache has never seen, so the job must ask the router. */
  async function newHomes(lat: number) {
    const payload = familyPayload(uniqueTag(), 2);
    const family = await recordsThrough(api).family({
      ...payload,
      children: payload.children.map((child, index) => ({
        ...child,
        pickupAndDropLat: lat,
        pickupAndDropLng: 77.57 + index * 0.005,
      })),
    });
    return family.students.map((student) => student.id);
  }

  it('builds the road table in the planning thread: the API thread never asks the router', async () => {
    const asked = legsAsked;
    const done = await planned({ ...request, studentIds: await newHomes(12.91) });
    expect(done.status, done.error ?? '').toBe('DONE');
    expect(legsAsked).toBeGreaterThan(asked);
    const fromThisThread = fetchSpy.mock.calls.filter(([url]) => String(url).startsWith(env.ROUTING_URL!));
    expect(fromThisThread).toEqual([]);
  });

  it("refuses a router's answer over the size limit, in words", async () => {
    answering = 'oversized';
    try {
      const failed = await planned({ ...request, studentIds: await newHomes(12.92) });
      expect(failed.status).toBe('FAILED');
      expect(failed.error).toBe(
        `The road router at ${env.ROUTING_URL} did not answer: its answer is larger than ${DEFAULT_MAX_ANSWER_BYTES / 1024 / 1024} MB`,
      );
    } finally {
      answering = 'table';
    }
  });

  it("fails a job the router finds no road for, and logs why without the children's coordinates", async () => {
    answering = 'no-road';
    const logged = t.logs.length;
    try {
      const failed = await planned({ ...request, studentIds: await newHomes(12.925) });
      expect(failed.status).toBe('FAILED');
      // The person who asked is told which points have no road between them: they may see the children's homes.
      expect(failed.error).toMatch(/finds no road from \d+\.\d{5}, \d+\.\d{5} to/);
      const lines = t.logs.slice(logged).filter((line) => line.includes('road router failed'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('finds no road');
      expect(lines[0]).not.toMatch(/12\.925|77\.57/);
    } finally {
      answering = 'table';
    }
  });

  it('fails the job in words when the router does not answer', async () => {
    await new Promise((resolve) => router.close(resolve));
    // Homes the cache has never seen: the job must ask the router.
    const payload = familyPayload(uniqueTag(), 2);
    const family = await recordsThrough(api).family({
      ...payload,
      children: payload.children.map((child, index) => ({
        ...child,
        pickupAndDropLat: 12.93,
        pickupAndDropLng: 77.59 + index * 0.005,
      })),
    });
    const studentIds = family.students.map((student) => student.id);
    const failed = await planned({ ...request, studentIds });
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain(`The road router at ${env.ROUTING_URL}`);
  });
});
