import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  geocodingFixPath,
  type AddressReviewList,
  type AddressSearch,
  type ImportLine,
  type ImportReport,
  type ParentDetails,
  type Student,
} from '@school-transport/shared';
import { parentPayload, uniqueTag } from '@school-transport/testing';
import { tokenFor } from './support/accounts.js';
import { geocoderPeer, type Place } from './support/geocoder-peer.js';
import { adminTestApp, type Api } from './support/requests.js';
import type { TestApp } from './support/test-app.js';

/**
 * Home addresses placed by a geocoder (decision 072), against a real HTTP server started here that speaks the
 * Nominatim search API or Photon's, on places this file defines. The server counts what it is asked, and when.
 */

const OAK: Place = { label: '1 Oak Street, Leeds', lat: 53.8, lng: -1.55, rank: 30 };
/** What the peer knows, by the search text (lower case) it is sent. */
const PLACES: Record<string, Place[]> = {
  '1 oak street, ls1 1aa, leeds': [OAK],
  '2 elm road, leeds': [{ label: '2 Elm Road, Leeds', lat: 53.81, lng: -1.56, rank: 30 }],
  // A town, not a street: too vague to take without review.
  'somewhere, leeds': [{ label: 'Leeds', lat: 53.79, lng: -1.54, rank: 16 }],
  // Two streets of that name, 40 km apart.
  'station road': [
    { label: 'Station Road, Leeds', lat: 53.79, lng: -1.54, rank: 26 },
    { label: 'Station Road, York', lat: 53.96, lng: -1.08, rank: 26 },
  ],
  'alder way, leeds': [{ label: 'Alder Way, Leeds', lat: 53.7, lng: -1.5, rank: 26 }],
  'birch way, leeds': [{ label: 'Birch Way, Leeds', lat: 53.7, lng: -1.51, rank: 26 }],
  'cedar way, leeds': [{ label: 'Cedar Way, Leeds', lat: 53.7, lng: -1.52, rank: 26 }],
};
interface Home {
  pickupDropAddress?: string;
  addressCity?: string;
  addressPostcode?: string;
  addressCountry?: string;
  pickupAndDropLat?: number | string;
  pickupAndDropLng?: number | string;
  homeSource?: 'HAND' | 'GEOCODER';
}

const childAt = (tag: string, index: number, home: Home) => ({
  name: `Child${index} ${tag}`,
  class: '4',
  rollNo: String(index),
  pickupAndDropLat: '',
  pickupAndDropLng: '',
  ...home,
});

/** A family enrolled with one child per home; answers the children, in order. */
async function enrol(api: Api, ...homes: Home[]) {
  const tag = uniqueTag();
  const answer = await api('POST', '/api/parents/create', {
    ...parentPayload(tag),
    children: homes.map((home, index) => childAt(tag, index + 1, home)),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const family = answer.body.data as ParentDetails;
  return homes.map((_, index) => family.students.find((s) => s.name === `Child${index + 1} ${tag}`)!);
}

const student = async (api: Api, id: string) =>
  (await api('GET', `/api/students/get-one/${id}`)).body.data as Student;
const reviews = async (api: Api) =>
  (await api('GET', '/api/geocoding/reviews')).body.data as AddressReviewList;

async function importFamilies(t: TestApp, csv: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/imports/families?mode=commit',
    headers: { authorization: await tokenFor(t.app, 'admin'), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const lines = answer.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportLine);
  const last = lines.at(-1)!;
  if (last.type !== 'report') throw new Error(answer.body);
  return last.report as ImportReport;
}

const IMPORT_HEADER =
  'Family ID,Parent Name,Email,Phone,Alternative Phone,Address,City,State,ZIP,Child ID,Child Name,Class,Roll No,Pickup address,Home city,Home postcode,Latitude,Longitude';
const importLine = (tag: string, n: number, street: string, city: string, postcode = '', point = ',') =>
  [
    `F-${tag}-${n}`,
    `Parent ${tag} ${n}`,
    `p-${tag.toLowerCase()}-${n}@example.com`,
    '+44 113 496 0000',
    '+44 113 496 0001',
    `${n} Parent Way`,
    'Leeds',
    'West Yorkshire',
    'LS1 1AA',
    `C-${tag}-${n}`,
    `Child ${tag} ${n}`,
    '4',
    String(n),
    street,
    city,
    postcode,
    point,
  ].join(',');

describe('geocoding with a Nominatim server', () => {
  const peer = geocoderPeer('nominatim', PLACES);
  const { t, api } = adminTestApp({ env: peer.env });

  it('places a found address, stores its point as the geocoder’s, and names the product to the peer', async () => {
    const [child] = await enrol(api, {
      pickupDropAddress: '1 Oak Street',
      addressPostcode: 'LS1 1AA',
      addressCity: 'Leeds',
    });
    expect(child).toMatchObject({
      pickupAndDropLat: OAK.lat,
      pickupAndDropLng: OAK.lng,
      homeSource: 'GEOCODER',
      addressStatus: 'PLACED',
    });
    expect(peer.asked.at(-1)!.userAgent).toMatch(/^SchoolRide /);
  });

  it('answers a second child at the same address from the cache: the peer is not asked again', async () => {
    const before = peer.askedFor('1 oak street, ls1 1aa, leeds');
    expect(before).toBe(1);
    // The same question written otherwise (case, spacing, punctuation) is the same key.
    const [child] = await enrol(api, {
      pickupDropAddress: '1 OAK STREET.',
      addressPostcode: 'ls1  1aa',
      addressCity: 'Leeds',
    });
    expect(child).toMatchObject({ pickupAndDropLat: OAK.lat, addressStatus: 'PLACED' });
    expect(peer.asked.filter((entry) => entry.q.includes('oak street'))).toHaveLength(1);
  });

  it('queues what it cannot place, places vaguely or finds twice far apart; the office fixes each on the map', async () => {
    const [lost, vague, twice] = await enrol(
      api,
      { pickupDropAddress: '9 Nowhere Lane' },
      { pickupDropAddress: 'Somewhere', addressCity: 'Leeds' },
      { pickupDropAddress: 'Station Road' },
    );
    expect(lost).toMatchObject({ pickupAndDropLat: null, homeSource: null, addressStatus: 'NOT_FOUND' });
    expect(vague).toMatchObject({ pickupAndDropLat: null, addressStatus: 'LOW_CONFIDENCE' });
    expect(twice).toMatchObject({ pickupAndDropLat: null, addressStatus: 'AMBIGUOUS' });

    const queue = await reviews(api);
    expect(queue.total).toBe(3);
    const byId = new Map(queue.reviews.map((review) => [review.studentId, review]));
    expect(byId.get(lost!.id)).toMatchObject({
      status: 'NOT_FOUND',
      address: '9 Nowhere Lane',
      candidates: [],
    });
    expect(byId.get(vague!.id)!.candidates).toEqual([{ label: 'Leeds', lat: 53.79, lng: -1.54, rank: 16 }]);
    const choices = byId.get(twice!.id)!.candidates;
    expect(choices.map((c) => c.label)).toEqual(['Station Road, Leeds', 'Station Road, York']);

    // A child without a home cannot be planned yet: the planner says why.
    const school = await api('POST', '/api/schools/create', {
      name: `Leeds High ${uniqueTag()}`,
      lat: 53.8,
      lng: -1.5,
      bellTime: '08:30',
      dismissalTime: '15:10',
    });
    const planned = await api('POST', '/api/planner/proposals', {
      schoolId: school.body.data.id,
      studentIds: [lost!.id],
      vehicleIds: [],
    });
    expect([400, 409]).toContain(planned.status);

    // The office picks York for the ambiguous one, and clicks the map for the two others.
    const york = choices[1]!;
    const fixes = [
      [twice!.id, { lat: york.lat, lng: york.lng, from: 'CANDIDATE' }],
      [lost!.id, { lat: 53.75, lng: -1.6, from: 'MAP' }],
      [vague!.id, { lat: 53.76, lng: -1.61, from: 'MAP' }],
    ] as const;
    for (const [id, fix] of fixes) {
      const answer = await api('POST', '/api' + geocodingFixPath(id), fix);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expect(await student(api, twice!.id)).toMatchObject({
      pickupAndDropLat: york.lat,
      homeSource: 'GEOCODER',
      addressStatus: 'PLACED',
    });
    expect(await student(api, lost!.id)).toMatchObject({
      pickupAndDropLat: 53.75,
      homeSource: 'HAND',
      addressStatus: 'NONE',
    });
    expect(await reviews(api)).toEqual({ reviews: [], total: 0 });

    // Fixed already (another office user, another tab): said in words.
    const again = await api('POST', '/api' + geocodingFixPath(lost!.id), { lat: 1, lng: 1, from: 'MAP' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/no longer waiting for review/);
  });

  it('never moves a point set by hand, even when the address changes', async () => {
    const asked = peer.asked.length;
    const [child] = await enrol(api, {
      pickupDropAddress: '2 Elm Road',
      addressCity: 'Leeds',
      pickupAndDropLat: 53.5,
      pickupAndDropLng: -1.4,
    });
    expect(child).toMatchObject({ homeSource: 'HAND', addressStatus: 'NONE', pickupAndDropLat: 53.5 });
    const updated = await api('PUT', `/api/students/update/${child!.id}`, {
      ...childAt('x', 1, {}),
      name: child!.name,
      parentId: child!.parent.id,
      pickupDropAddress: '1 Oak Street',
      addressPostcode: 'LS1 1AA',
      addressCity: 'Leeds',
      pickupAndDropLat: 53.5,
      pickupAndDropLng: -1.4,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      pickupAndDropLat: 53.5,
      homeSource: 'HAND',
      addressStatus: 'NONE',
    });
    expect(peer.asked.length).toBe(asked);
  });

  it('places an import’s addresses in the background: found → point, not found → queue', async () => {
    const tag = uniqueTag();
    const report = await importFamilies(
      t,
      [
        IMPORT_HEADER,
        importLine(tag, 1, '2 Elm Road', 'Leeds'),
        importLine(tag, 2, '7 Unknown Close', 'Nowhere'),
        // Coordinates in the file: the operator's point, not asked.
        importLine(tag, 3, '3 Given Street', 'Leeds', '', '53.1,-1.1'),
      ].join('\r\n'),
    );
    expect(report).toMatchObject({ committed: true, problemCount: 0 });
    const list = await api('GET', `/api/students/get-all?search=${encodeURIComponent(tag)}&limit=10`);
    const rows = list.body.data as Student[];
    const byName = (n: number) => rows.find((row) => row.name === `Child ${tag} ${n}`)!;
    expect(byName(3)).toMatchObject({ pickupAndDropLat: 53.1, homeSource: 'HAND', addressStatus: 'NONE' });
    // The job was woken by the import's commit: what the office sees settles without anyone asking again.
    await vi.waitFor(
      async () => {
        expect((await student(api, byName(1).id)).addressStatus).toBe('PLACED');
        expect((await student(api, byName(2).id)).addressStatus).toBe('NOT_FOUND');
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(await student(api, byName(1).id)).toMatchObject({
      pickupAndDropLat: 53.81,
      homeSource: 'GEOCODER',
    });
    expect((await reviews(api)).reviews.map((review) => review.studentId)).toEqual([byName(2).id]);
  });

  it('keeps to the rate limit: requests reach the peer at most 4 a second, 250 ms apart', async () => {
    // One request first, so the three below find the connection open (a first one's set-up would skew arrivals).
    expect((await api('GET', '/api/geocoding/search?q=warm%20up')).status).toBe(200);
    const from = peer.asked.length;
    const answers = await Promise.all(
      ['Alder', 'Birch', 'Cedar'].map((street) =>
        api('GET', `/api/geocoding/search?q=${street}%20Way&addressCity=Leeds`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect((answer.body.data as AddressSearch).configured).toBe(true);
      expect((answer.body.data as AddressSearch).candidates).toHaveLength(1);
    }
    const times = peer.asked.slice(from).map((entry) => entry.at);
    expect(times).toHaveLength(3);
    // Started 250 ms apart (without the limiter all three would arrive within a few ms). One arrival may drift on a
    // busy machine, so the span is what is held: two gaps of 250 ms, less 100 ms of such drift.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(400);
    // Per second on the peer's side: at most the configured 4, allowing the same 100 ms of drift (five requests
    // 250 ms apart span 1000 ms; one arriving late by a hair put five in a window of one second on a busy machine).
    for (const start of peer.asked.map((entry) => entry.at))
      expect(
        peer.asked.filter((entry) => entry.at >= start && entry.at < start + 900).length,
      ).toBeLessThanOrEqual(4);
  });
});

describe('geocoding with a Photon server', () => {
  const peer = geocoderPeer('photon', PLACES);
  const { api } = adminTestApp({ env: peer.env });

  it('places, queues and caches as with Nominatim', async () => {
    const [found, lost, vague] = await enrol(
      api,
      { pickupDropAddress: '1 Oak Street', addressPostcode: 'LS1 1AA', addressCity: 'Leeds' },
      { pickupDropAddress: '9 Nowhere Lane' },
      { pickupDropAddress: 'Somewhere', addressCity: 'Leeds' },
    );
    expect(found).toMatchObject({
      pickupAndDropLat: OAK.lat,
      pickupAndDropLng: OAK.lng,
      addressStatus: 'PLACED',
    });
    expect(lost).toMatchObject({ pickupAndDropLat: null, addressStatus: 'NOT_FOUND' });
    expect(vague).toMatchObject({ pickupAndDropLat: null, addressStatus: 'LOW_CONFIDENCE' });
    expect((await reviews(api)).total).toBe(2);

    const [again] = await enrol(api, {
      pickupDropAddress: '1 oak street',
      addressPostcode: 'LS1 1AA',
      addressCity: 'leeds',
    });
    expect(again).toMatchObject({ pickupAndDropLat: OAK.lat, addressStatus: 'PLACED' });
    expect(peer.askedFor('1 oak street, ls1 1aa, leeds')).toBe(1);

    for (const child of [lost!, vague!]) {
      const fixed = await api('POST', '/api' + geocodingFixPath(child.id), {
        lat: 53.7,
        lng: -1.5,
        from: 'MAP',
      });
      expect(fixed.status).toBe(200);
    }
    expect((await reviews(api)).total).toBe(0);
  });
});

describe('without a geocoder (GEOCODER_URL unset)', () => {
  const { t, api } = adminTestApp();
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  afterAll(() => fetchSpy.mockRestore());

  it('asks nobody, and says so: search not configured, an address alone refused in words', async () => {
    fetchSpy.mockClear();
    expect((await api('GET', '/api/geocoding/status')).body.data).toEqual({ configured: false });
    const search = await api('GET', '/api/geocoding/search?q=1%20Oak%20Street');
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual({ configured: false, candidates: [] });
    expect(search.body.message).toMatch(/not configured/);

    const tag = uniqueTag();
    const refused = await api('POST', '/api/parents/create', {
      ...parentPayload(tag),
      children: [childAt(tag, 1, { pickupDropAddress: '1 Oak Street' })],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        field: 'children.0.pickupDropAddress',
        message: expect.stringMatching(/GEOCODER_URL.*click the home on the map/),
      },
    ]);
    // Neither a point nor an address: no home at all.
    const none = await api('POST', '/api/parents/create', {
      ...parentPayload(uniqueTag()),
      children: [childAt(tag, 1, {})],
    });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].field).toBe('children.0.pickupAndDropLat');

    // An import row without coordinates is a problem of its line, before anything is written.
    const report = await importFamilies(
      t,
      [IMPORT_HEADER, importLine(tag, 1, '2 Elm Road', 'Leeds')].join('\r\n'),
    );
    expect(report.committed).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({
        row: 2,
        field: 'pickupAndDropLat',
        message: expect.stringMatching(/No geocoder/),
      }),
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
