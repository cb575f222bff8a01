import {
  countBoarded,
  type Manifest,
  type ManifestRider,
  type RidershipKind,
} from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import {
  deriveRiderStates,
  kindForScan,
  mergeEvents,
  nextStopPosition,
  otherChildren,
  type TripEvent,
} from './rider-state';

const rider = (studentId: string, overrides: Partial<ManifestRider> = {}): ManifestRider => ({
  studentId,
  name: `Child ${studentId}`,
  class: '3B',
  photoUrl: null,
  nfcTagId: null,
  stopPosition: 1,
  state: 'WAITING',
  absent: false,
  handOver: null,
  handOverMiss: null,
  officeNote: null,
  ...overrides,
});

let ids = 0;
const event = (
  studentId: string | null,
  kind: RidershipKind,
  minute: number,
  overrides: Partial<TripEvent> = {},
): TripEvent => ({
  eventId: `e${String(++ids).padStart(4, '0')}`,
  kind,
  method: 'TAP',
  studentId,
  tagId: null,
  occurredAt: new Date(Date.UTC(2026, 10, 23, 7, minute)).toISOString(),
  flag: null,
  ...overrides,
});

const manifest = (overrides: Partial<Manifest>): Manifest => ({
  tripId: 't1',
  type: 'PICKUP',
  status: 'STARTED',
  date: '2026-11-23',
  routeName: 'North',
  vehiclePlate: 'AB-123',
  plannedStartAt: null,
  stops: [1, 2, 3].map((position) => ({
    position,
    stopId: null,
    name: `Stop ${position}`,
    lat: 0,
    lng: 0,
    plannedAt: null,
    arrivedAt: null,
    departedAt: null,
    note: null,
    photoUrl: null,
  })),
  riders: [],
  events: [],
  finishReason: null,
  noAdultRule: 'KEEP_ON_BOARD',
  ...overrides,
});

describe('rider states', () => {
  it('follows the events in the order they happened, not the order they arrived', () => {
    const riders = [rider('a'), rider('b')];
    const late = event('a', 'ALIGHT', 30);
    const early = event('a', 'BOARD', 5);
    const states = deriveRiderStates(riders, [late, early, event('b', 'BOARD', 10)]);
    expect(states.get('a')).toBe('LEFT');
    expect(states.get('b')).toBe('ON_BUS');
    expect(countBoarded(states)).toBe(1);
  });

  it('leaves a child with no event waiting, or absent when marked so, and a no-show as such', () => {
    const states = deriveRiderStates(
      [rider('a'), rider('b', { absent: true }), rider('c')],
      [event('c', 'NO_SHOW', 1)],
    );
    expect(Object.fromEntries(states)).toEqual({ a: 'WAITING', b: 'ABSENT', c: 'NO_SHOW' });
  });

  it('orders events of the same moment by id, so every device agrees', () => {
    const at = { occurredAt: '2026-11-23T07:00:00.000Z' };
    const states = deriveRiderStates(
      [rider('a')],
      [event('a', 'BOARD', 0, { ...at, eventId: 'z' }), event('a', 'ALIGHT', 0, { ...at, eventId: 'b' })],
    );
    expect(states.get('a')).toBe('ON_BUS');
  });

  it('orders ids of the same moment in lower case, as the server does, whatever case a device wrote', () => {
    const at = { occurredAt: '2026-11-23T07:00:00.000Z' };
    const board = event('a', 'BOARD', 0, { ...at, eventId: 'F0000000-0000-4000-8000-000000000000' });
    const alight = event('a', 'ALIGHT', 0, { ...at, eventId: 'a0000000-0000-4000-8000-000000000000' });
    expect(deriveRiderStates([rider('a')], [board, alight]).get('a')).toBe('ON_BUS');
    expect(mergeEvents(manifest({ riders: [rider('a')] }), [board, alight]).map((e) => e.kind)).toEqual([
      'ALIGHT',
      'BOARD',
    ]);
  });

  it('merges the device’s events with the server’s once each, and places a known tag', () => {
    const sent = event('a', 'BOARD', 1);
    const tagScan = event(null, 'BOARD', 2, { tagId: 'AB12', method: 'NFC' });
    const merged = mergeEvents(
      manifest({
        riders: [rider('a'), rider('b', { nfcTagId: 'AB12' })],
        events: [
          { ...sent, studentName: 'A', receivedAt: sent.occurredAt, lat: null, lng: null, receivedBy: null },
        ],
      }),
      [sent, tagScan],
    );
    expect(merged.map((item) => item.eventId)).toEqual([sent.eventId, tagScan.eventId]);
    expect(merged[1]!.studentId).toBe('b');
  });

  it('boards on a scan, unless the child is on the bus: then the scan is them leaving', () => {
    expect(kindForScan('WAITING')).toBe('BOARD');
    expect(kindForScan(undefined)).toBe('BOARD');
    expect(kindForScan('ON_BUS')).toBe('ALIGHT');
    expect(kindForScan('LEFT')).toBe('BOARD');
  });
});

describe('children not on the list', () => {
  it('follows a card of another bus from boarding to leaving, by its tag before the server answers', () => {
    const riders = [rider('a')];
    const boarded = event(null, 'BOARD', 1, { tagId: 'FF01', method: 'NFC' });
    const left = event(null, 'ALIGHT', 9, { tagId: 'FF01', method: 'NFC' });
    let states = deriveRiderStates(riders, [boarded]);
    expect(states.get('tag:FF01')).toBe('ON_BUS');
    expect(otherChildren(riders, [boarded], states)).toEqual([
      expect.objectContaining({ key: 'tag:FF01', target: { tagId: 'FF01' }, state: 'ON_BUS', name: null }),
    ]);
    states = deriveRiderStates(riders, [boarded, left]);
    expect(states.get('tag:FF01')).toBe('LEFT');
    expect(countBoarded(states)).toBe(0);
  });

  it('keeps the id the server found behind the tag, without a name, and flags the child of another bus', () => {
    const riders = [rider('a')];
    const scan = event(null, 'BOARD', 1, { tagId: 'FF02', method: 'NFC' });
    const merged = mergeEvents(
      manifest({ riders }),
      [scan],
      new Map([[scan.eventId, { studentId: 'stranger', flag: 'WRONG_BUS' as const }]]),
    );
    expect(merged[0]).toMatchObject({ studentId: 'stranger', flag: 'WRONG_BUS' });
    const states = deriveRiderStates(riders, merged);
    expect(otherChildren(riders, merged, states)).toEqual([
      expect.objectContaining({
        key: 'stranger',
        target: { studentId: 'stranger' },
        tagId: 'FF02',
        name: null,
        flag: 'WRONG_BUS',
        state: 'ON_BUS',
      }),
    ]);
  });

  it('follows nobody for a tag the server knows no child for', () => {
    const riders = [rider('a')];
    const scan = event(null, 'BOARD', 1, { tagId: 'DEAD', flag: 'UNKNOWN_TAG' });
    const states = deriveRiderStates(riders, [scan]);
    expect([...states.keys()]).toEqual(['a']);
    expect(otherChildren(riders, [scan], states)).toEqual([]);
  });
});

describe('next stop', () => {
  it('on a morning run is the first stop where a child still waits', () => {
    const trip = manifest({ riders: [rider('a', { stopPosition: 1 }), rider('b', { stopPosition: 2 })] });
    const states = deriveRiderStates(trip.riders, [event('a', 'BOARD', 1)]);
    expect(nextStopPosition(trip, states)).toBe(2);
  });

  it('on an afternoon run is the first stop where a child still has to get off', () => {
    const trip = manifest({
      type: 'DROP',
      riders: [rider('a', { stopPosition: 2 }), rider('b', { stopPosition: 3 })],
    });
    const states = deriveRiderStates(trip.riders, [
      event('a', 'BOARD', 1),
      event('b', 'BOARD', 1),
      event('a', 'ALIGHT', 9),
    ]);
    expect(nextStopPosition(trip, states)).toBe(3);
  });

  it('falls back to the first stop the bus has not left, and is none without stops', () => {
    const trip = manifest({ riders: [] });
    expect(nextStopPosition(trip, new Map())).toBe(1);
    expect(nextStopPosition(manifest({ stops: [] }), new Map())).toBeNull();
  });
});
