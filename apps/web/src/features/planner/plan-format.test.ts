import type { ReviewRun } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import {
  currentFigures,
  placementText,
  progressFacts,
  proposedFacts,
  RUN_COLOURS,
  runLines,
  runRows,
} from './plan-format';

const SCHOOL = { lat: 12.97, lng: 77.59 };

const aRun = (vehicle: string, stops: ReviewRun['stops'], fields: Partial<ReviewRun> = {}): ReviewRun => ({
  vehicleId: vehicle,
  licensePlate: `KA01${vehicle}`,
  routeId: `route-${vehicle}`,
  routeName: `Route ${vehicle}`,
  driverName: `Driver ${vehicle}`,
  stops,
  children: stops.reduce((sum, stop) => sum + stop.children, 0),
  ...fields,
});

const aStop = (name: string, lat: number, time: string | null, children = 1) => ({
  stopId: null,
  name,
  lat,
  lng: 77.6,
  time,
  children,
});

describe('runLines', () => {
  it('draws each run with stops from its first stop to school, in its own colour, and skips runs without stops', () => {
    const lines = runLines(
      [
        aRun('A', [aStop('Lake Road', 12.9, '07:30', 2), aStop('Park Street', 12.92, '07:41')]),
        aRun('B', []),
        aRun('C', [aStop('Hill View', 12.95, null)], { routeName: null }),
      ],
      SCHOOL,
    );

    expect(lines.map((line) => line.name)).toEqual(['Route A · KA01A', 'KA01C']);
    expect(lines.map((line) => line.colour)).toEqual([RUN_COLOURS[0], RUN_COLOURS[1]]);
    expect(lines[0]?.line).toEqual([
      { lat: 12.9, lng: 77.6 },
      { lat: 12.92, lng: 77.6 },
      { lat: 12.97, lng: 77.59 },
    ]);
    expect(lines[0]?.stops.map((stop) => stop.label)).toEqual([
      'Lake Road, 07:30, 2 children',
      'Park Street, 07:41, 1 child',
    ]);
    // A current route's run without a start time has no times to show.
    expect(lines[1]?.stops.map((stop) => stop.label)).toEqual(['Hill View, 1 child']);
  });

  it('starts the colours over when there are more runs than colours', () => {
    const runs = Array.from({ length: RUN_COLOURS.length + 1 }, (_, index) =>
      aRun(String(index), [aStop('Stop', 12.9, '07:00')]),
    );
    expect(runLines(runs, SCHOOL).at(-1)?.colour).toBe(RUN_COLOURS[0]);
  });
});

describe('figures', () => {
  it('counts the current runs with stops and every child seated', () => {
    expect(
      currentFigures([aRun('A', [aStop('Lake Road', 12.9, '07:30', 3)]), aRun('B', [], { children: 2 })]),
    ).toEqual({ runs: 1, children: 5 });
  });

  it("words the proposal's summary", () => {
    expect(
      proposedFacts({
        vehicles: 2,
        totalKm: 23.456,
        totalMinutes: 61.6,
        longestRideMinutes: 38.2,
        childrenPerRun: [12, 9],
      }),
    ).toEqual([
      ['Vehicles', '2'],
      ['Total distance', '23.5 km'],
      ['Total driving', '62 min'],
      ['Longest ride', '38 min'],
      ['Children per run', '12, 9'],
    ]);
  });
});

describe('runRows', () => {
  it('gives each run its route, driver, plate, stops, children and first pickup', () => {
    expect(
      runRows([
        aRun('A', [aStop('Lake Road', 12.9, '07:30', 2), aStop('Park Street', 12.92, '07:41')]),
        aRun('B', [], { routeName: null, driverName: null }),
      ]),
    ).toEqual([
      {
        key: 'A',
        route: 'Route A',
        driver: 'Driver A',
        plate: 'KA01A',
        stops: 2,
        children: 3,
        firstPickup: '07:30',
      },
      {
        key: 'B',
        route: 'No route assigned',
        driver: '—',
        plate: 'KA01B',
        stops: 0,
        children: 0,
        firstPickup: '—',
      },
    ]);
  });
});

describe('placementText', () => {
  it('says where a child rides, at a stop, at their own point, or not at all', () => {
    expect(placementText({ routeName: 'Route A', stopName: 'Lake Road' })).toBe('Route A · Lake Road');
    expect(placementText({ routeName: 'Route A', stopName: null })).toBe('Route A · Own pickup point');
    expect(placementText({ routeName: null, stopName: null })).toBe('Not seated');
  });
});

describe('progressFacts', () => {
  it("words the search's progress, driving time in minutes", () => {
    expect(progressFacts({ bestCost: 5430, vehicles: 3, iteration: 12345, elapsedMs: 2500 })).toEqual([
      ['Best plan so far', '91 min of driving'],
      ['Vehicles', '3'],
      ['Iteration', '12,345'],
      ['Elapsed', '2.5 s'],
    ]);
  });

  it('says the search is starting before its first report', () => {
    expect(progressFacts(null)).toEqual([
      ['Best plan so far', 'Not started yet: starting, or waiting for the planning job before it to finish'],
    ]);
  });
});
