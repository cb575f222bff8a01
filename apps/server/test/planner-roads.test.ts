import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { greatCircleMetres, type Point } from '@school-transport/planner';
import { familyPayload, recordsThrough, uniqueTag } from '@school-transport/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    response.end(
      JSON.stringify({ code: 'Ok', distances: table(1), durations: table(1 / METRES_PER_SECOND) }),
    );
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  env.ROUTING_URL = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => router.close(resolve)));

// After the router's beforeAll, so the app is built with its address.
const { api } = adminTestApp({ env });

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
