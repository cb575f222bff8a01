import type { BoardTrip } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import {
  nextStopText,
  onBoardText,
  plannedInstead,
  progressPercent,
  progressText,
  tripChangeNotes,
} from './board-format';
import { liveBuses, matchesFilters, routeOptions } from './live-buses';

const NOW = Date.parse('2026-03-02T07:30:00.000Z');

function boardTrip(overrides: Partial<BoardTrip> = {}): BoardTrip {
  return {
    tripId: 't1',
    type: 'PICKUP',
    status: 'STARTED',
    date: '2026-03-02',
    routeId: 'r1',
    routeName: 'North',
    driverName: 'Ravi',
    vehiclePlate: 'KA-01',
    vehicleId: 'v1',
    plannedStartAt: '2026-03-02T07:00:00.000Z',
    startedAt: '2026-03-02T07:01:00.000Z',
    completedAt: null,
    stopsDone: 3,
    stopsTotal: 8,
    onBoard: 5,
    lateMinutes: 4,
    nextStop: null,
    lastFix: { lat: 12.9, lng: 77.6, accuracy: 10, recordedAt: new Date(NOW - 5000).toISOString() },
    openAlerts: 0,
    planned: null,
    delayMinutes: null,
    handover: null,
    carries: [],
    ridesWith: null,
    ...overrides,
  };
}

describe('the board in words', () => {
  it('says progress as stops done of the total, and as a share', () => {
    expect(progressText(boardTrip())).toBe('3 of 8 stops');
    expect(progressText(boardTrip({ stopsDone: 0, stopsTotal: 1 }))).toBe('0 of 1 stop');
    expect(progressText(boardTrip({ stopsDone: 0, stopsTotal: 0 }))).toBe('No stops');
    expect(progressPercent(boardTrip())).toBe(38);
    expect(progressPercent(boardTrip({ stopsTotal: 0, stopsDone: 0 }))).toBe(0);
  });

  it('says who is on board', () => {
    expect(onBoardText(0)).toBe('none on board');
    expect(onBoardText(3)).toBe('3 on board');
  });

  it("gives the next stop's estimate on the operator's clock, or its plan without one", () => {
    const stop = {
      position: 4,
      name: 'School Gate',
      lat: 0,
      lng: 0,
      plannedAt: '2026-03-02T07:40:00.000Z',
      arrivedAt: null,
      departedAt: null,
      eta: '2026-03-02T07:44:30.000Z',
    };
    expect(nextStopText(stop, 'Asia/Kolkata')).toBe('School Gate, ETA 13:14');
    expect(nextStopText({ ...stop, eta: null }, 'Europe/London')).toBe('School Gate, planned 07:40');
    expect(nextStopText({ ...stop, eta: null, plannedAt: null }, 'UTC')).toBe('School Gate');
    expect(nextStopText(null, 'UTC')).toBe('—');
  });
});

describe('the buses of the live map', () => {
  const trips = [
    boardTrip({ tripId: 'fresh', routeId: 'r1', routeName: 'North' }),
    boardTrip({
      tripId: 'stale',
      routeId: 'r2',
      routeName: 'East',
      lateMinutes: 0,
      lastFix: { lat: 1, lng: 1, accuracy: null, recordedAt: new Date(NOW - 40_000).toISOString() },
    }),
    boardTrip({
      tripId: 'silent',
      routeId: 'r2',
      routeName: 'East',
      lastFix: null,
      openAlerts: 1,
      lateMinutes: null,
    }),
    boardTrip({ tripId: 'pending', status: 'PENDING' }),
    boardTrip({ tripId: 'done', status: 'COMPLETED' }),
  ];
  const buses = liveBuses(trips, NOW);
  const ids = (filtered: typeof buses) => filtered.map((bus) => bus.trip.tripId);

  it('are the started trips, each with the age of its last fix', () => {
    expect(buses.map(({ trip, age, freshness }) => [trip.tripId, age, freshness])).toEqual([
      ['fresh', 5, 'fresh'],
      ['stale', 40, 'stale'],
      ['silent', null, 'lost'],
    ]);
  });

  it('filter by route and by status', () => {
    expect(ids(buses.filter((bus) => matchesFilters(bus, { route: 'r2', status: 'all' })))).toEqual([
      'stale',
      'silent',
    ]);
    expect(ids(buses.filter((bus) => matchesFilters(bus, { route: '', status: 'stale' })))).toEqual([
      'stale',
    ]);
    expect(ids(buses.filter((bus) => matchesFilters(bus, { route: '', status: 'lost' })))).toEqual([
      'silent',
    ]);
    expect(ids(buses.filter((bus) => matchesFilters(bus, { route: '', status: 'late' })))).toEqual(['fresh']);
    expect(ids(buses.filter((bus) => matchesFilters(bus, { route: '', status: 'alerts' })))).toEqual([
      'silent',
    ]);
  });

  it('offer each route once, by name', () => {
    expect(routeOptions(buses)).toEqual([
      { key: 'r2', name: 'East' },
      { key: 'r1', name: 'North' },
    ]);
  });
});

describe('who was planned on a covered trip', () => {
  it('names only what the cover changed', () => {
    expect(plannedInstead(boardTrip())).toEqual({ driver: null, vehicle: null });
    expect(plannedInstead(boardTrip({ planned: { driverName: 'Raj', vehiclePlate: 'KA-01' } }))).toEqual({
      driver: 'Raj',
      vehicle: null,
    });
    expect(plannedInstead(boardTrip({ planned: { driverName: 'Ravi', vehiclePlate: 'KA-10' } }))).toEqual({
      driver: null,
      vehicle: 'KA-10',
    });
  });
});

describe('what the office changed of a trip', () => {
  it('says a delay while the run is to come or running, and either side of a rescue', () => {
    expect(tripChangeNotes(boardTrip())).toEqual([]);
    expect(tripChangeNotes(boardTrip({ delayMinutes: 20 }))).toEqual(['Marked 20 min late']);
    expect(tripChangeNotes(boardTrip({ delayMinutes: 20, status: 'COMPLETED' }))).toEqual([]);
    const pair = { otherTripId: 't2', otherPlate: 'KA-12' };
    expect(tripChangeNotes(boardTrip({ handover: { role: 'HANDED_OVER', ...pair } }))).toEqual([
      'Handed over to KA-12',
    ]);
    expect(tripChangeNotes(boardTrip({ handover: { role: 'RESCUE', ...pair } }))).toEqual([
      'Rescue for KA-12',
    ]);
  });

  it('says either side of a combined run', () => {
    expect(tripChangeNotes(boardTrip({ carries: ['North 2', 'West 1'] }))).toEqual([
      'Also carries North 2, West 1',
    ]);
    expect(tripChangeNotes(boardTrip({ status: 'CANCELLED', ridesWith: 'North 1' }))).toEqual([
      'Rides with North 1',
    ]);
  });
});
