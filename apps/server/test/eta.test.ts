import { describe, expect, it } from 'vitest';
import {
  estimateTrip,
  lateMinutesSoFar,
  observedPace,
  plannedLegs,
  type EtaSettings,
  type EtaStop,
  type EtaTrip,
} from '../src/modules/operations/board/eta.js';

/** The estimator on hand-made trips: what it must answer follows from the plan, the arrivals and the last fix. */
const T0 = Date.UTC(2026, 2, 2, 7, 0);
const minute = (m: number) => T0 + m * 60_000;
const SETTINGS: EtaSettings = { detourFactor: 1.3, averageSpeedKmh: 30 };

/** Stops due north of each other, 0.01° of latitude (1,112 m) apart. */
const place = (i: number) => ({ lat: 12.9 + i * 0.01, lng: 77.6 });

/** A trip started at T0 as planned, its stops planned at these minutes after the start. */
function trip(
  plannedMinutes: (number | null)[],
  seen: { arrived?: number; departed?: number }[] = [],
  lastFix: EtaTrip['lastFix'] = null,
): EtaTrip {
  const stops: EtaStop[] = plannedMinutes.map((planned, i) => ({
    ...place(i),
    plannedAt: planned === null ? null : minute(planned),
    arrivedAt: seen[i]?.arrived === undefined ? null : minute(seen[i]!.arrived!),
    departedAt: seen[i]?.departed === undefined ? null : minute(seen[i]!.departed!),
  }));
  return { startedAt: T0, plannedStartAt: plannedMinutes[0] === null ? null : T0, stops, lastFix };
}

const PLAN = [2, 5, 9, 12];

describe('planned legs and the pace so far', () => {
  it('takes each leg from the plan, the first from the planned start', () => {
    expect(plannedLegs(trip(PLAN), SETTINGS)).toEqual([2, 3, 4, 3].map((m) => m * 60_000));
  });

  it('smooths the observed pace leg by leg, bounded', () => {
    const legs = plannedLegs(trip(PLAN), SETTINGS);
    // 2 minutes as planned (1.0), then 6 for a 3-minute leg (2.0): half of each.
    expect(observedPace(trip(PLAN, [{ arrived: 2 }, { arrived: 8 }]), legs)).toBeCloseTo(1.5);
    // four times the plan counts as twice, a third of it as 0.7
    expect(observedPace(trip(PLAN, [{ arrived: 8 }]), legs)).toBe(2);
    expect(observedPace(trip(PLAN, [{ arrived: 0.6 }]), legs)).toBe(0.7);
    expect(observedPace(trip(PLAN), legs)).toBeNull();
  });

  it('joins the legs around a stop the bus passed by', () => {
    const legs = plannedLegs(trip(PLAN), SETTINGS);
    // Stop 1 not reached; stop 2 after 10.5 minutes for 7 planned from stop 0 (1.5), stop 0 on time (1.0).
    expect(observedPace(trip(PLAN, [{ arrived: 2 }, {}, { arrived: 12.5 }]), legs)).toBeCloseTo(1.25);
  });
});

describe('estimateTrip with a plan', () => {
  it('answers the plan itself for a trip on time', () => {
    const estimate = estimateTrip(trip(PLAN, [{ arrived: 2, departed: 2.5 }]), minute(2.5), SETTINGS);
    expect(estimate.next).toBe(1);
    expect(estimate.etas).toEqual([null, minute(5), minute(9), minute(12)]);
    expect(estimate.lateMinutes).toBe(0);
  });

  it('stretches the legs to come by how the trip has been running', () => {
    // 3 minutes for 2, then 4.5 for 3: a pace of 1.5; the bus still stands at stop 1.
    const running = trip(PLAN, [{ arrived: 3, departed: 3.5 }, { arrived: 7.5 }]);
    const estimate = estimateTrip(running, minute(8), SETTINGS);
    expect(estimate.pace).toBeCloseTo(1.5);
    expect(estimate.etas).toEqual([null, null, minute(7.5 + 4 * 1.5), minute(7.5 + 4 * 1.5 + 3 * 1.5)]);
    expect(estimate.lateMinutes).toBe(4.5);
  });

  it('takes what is left of the leg from the last fix once the bus has left the stop', () => {
    const halfway = { lat: 12.915, lng: 77.6, at: minute(7) };
    const running = trip(
      PLAN,
      [
        { arrived: 2, departed: 2.5 },
        { arrived: 5, departed: 5.5 },
      ],
      halfway,
    );
    const estimate = estimateTrip(running, minute(7), SETTINGS);
    // On plan so far: half of the 4-minute leg is left.
    expect(estimate.etas).toEqual([null, null, minute(9), minute(12)]);
    expect(estimate.lateMinutes).toBe(0);
  });

  it('never estimates the past, and slows the trip down when the leg in progress overruns', () => {
    const stuck = trip(PLAN, [{ arrived: 2 }, { arrived: 5 }]);
    // Six minutes on a four-minute leg: the leg says 1.5, smoothed with 1.0 before.
    const estimate = estimateTrip(stuck, minute(11), SETTINGS);
    expect(estimate.pace).toBeCloseTo(1.25);
    expect(estimate.etas[2]).toBe(minute(11));
    expect(estimate.etas[3]).toBe(minute(11 + 3 * 1.25));
    expect(estimate.lateMinutes).toBe(2);
  });

  it('estimates the first stop from the start, and says how late at the last stop once every stop is reached', () => {
    const notYet = estimateTrip(trip(PLAN), minute(1), SETTINGS);
    expect(notYet.next).toBe(0);
    expect(notYet.etas).toEqual([minute(2), minute(5), minute(9), minute(12)]);
    const done = trip(PLAN, [{ arrived: 2 }, { arrived: 5 }, { arrived: 10 }, { arrived: 14.25 }]);
    const estimate = estimateTrip(done, minute(15), SETTINGS);
    expect(estimate.next).toBeNull();
    expect(estimate.etas).toEqual([null, null, null, null]);
    expect(estimate.lateMinutes).toBe(2.3);
    expect(lateMinutesSoFar(done.stops)).toBe(2.3);
  });

  it('leaves a stop the bus passed by without an estimate', () => {
    const estimate = estimateTrip(trip(PLAN, [{ arrived: 2 }, {}, { arrived: 9 }]), minute(9.5), SETTINGS);
    expect(estimate.next).toBe(3);
    expect(estimate.etas[1]).toBeNull();
    expect(estimate.etas[3]).not.toBeNull();
  });
});

describe('estimateTrip without a plan', () => {
  // 0.005° of latitude is 555.97 m; by road ×1.3 at 30 km/h, 86.73 s. A leg between stops: 173.46 s + 30 s dwell.
  it('drives the straight line times the detour at the average speed, from the last fix to the first stop', () => {
    const fix = { lat: 12.895, lng: 77.6, at: minute(1) };
    const estimate = estimateTrip(trip([null, null, null], [], fix), minute(1), SETTINGS);
    expect(estimate.etas[0]).toBe(minute(1) + 87_000);
    expect(estimate.etas[1]).toBe(minute(1) + Math.round(86.73 + 203.46) * 1000);
    expect(estimate.lateMinutes).toBeNull();
  });

  it('estimates nothing with nothing to go on: no stop reached and no fix', () => {
    const estimate = estimateTrip(trip([null, null, null]), minute(1), SETTINGS);
    expect(estimate.next).toBe(0);
    expect(estimate.etas).toEqual([null, null, null]);
  });

  it('corrects the modelled legs by the pace observed on them', () => {
    // Stop 0 to stop 1 modelled at 203.46 s, driven in 406.92 s: twice as slow.
    const running = trip([null, null, null], [{ arrived: 1 }, { arrived: 1 + 406.92 / 60 }]);
    const estimate = estimateTrip(running, minute(1 + 406.92 / 60), SETTINGS);
    expect(estimate.pace).toBeCloseTo(2);
    expect(estimate.etas[2]).toBe(Math.round((minute(1) + 406_920 * 2) / 1000) * 1000);
  });
});
