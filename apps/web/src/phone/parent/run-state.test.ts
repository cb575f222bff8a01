import type { ChildRun } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import { childRun } from './parent-test-kit';
import { canUndoAbsence, cutoffClock, runLines } from './run-state';
import { clock, en } from './english';

/** The English portal's words, in UTC. */
const words = { t: en, formatTime: clock };

const run = (changes: Partial<ChildRun>) => childRun({ tripStatus: 'STARTED', ...changes });

const absence = {
  id: 'a1',
  studentId: 's1',
  date: '2026-03-02',
  run: 'PICKUP' as const,
  reason: null,
  by: 'Pat@example.com',
  createdAt: '2026-03-01T18:00:00.000Z',
};

describe('a run as a parent reads it', () => {
  it('gives the stop, the ETA while on the way, and where the child boarded and left', () => {
    expect(runLines(run({ state: 'ON_THE_WAY', eta: '2026-03-02T07:45:00.000Z' }), words)).toEqual([
      'Stop: Elm Street, planned 07:42',
      `Expected at ${clock('2026-03-02T07:45:00.000Z')}`,
    ]);
    expect(
      runLines(
        run({
          state: 'LEFT',
          boarded: { at: '2026-03-02T07:43:00.000Z', stopName: 'Elm Street', receivedBy: null },
          left: { at: '2026-03-02T08:10:00.000Z', stopName: null, receivedBy: null },
        }),
        words,
      ),
    ).toEqual([
      'Stop: Elm Street, planned 07:42',
      `Boarded at ${clock('2026-03-02T07:43:00.000Z')} at Elm Street`,
      `Left the bus at ${clock('2026-03-02T08:10:00.000Z')} away from a stop`,
    ]);
  });

  it('says who is coming, and which of driver and bus stand in today', () => {
    const coming = {
      driverName: 'Priya',
      vehiclePlate: 'KA-12',
      substituteDriver: false,
      substituteVehicle: false,
    };
    expect(runLines(run({ coming }), words)).toEqual([
      'Stop: Elm Street, planned 07:42',
      'Bus KA-12 with driver Priya',
    ]);
    expect(runLines(run({ coming: { ...coming, substituteDriver: true } }), words)).toContain(
      'Priya stands in for the usual driver today.',
    );
    expect(runLines(run({ coming: { ...coming, substituteVehicle: true } }), words)).toContain(
      'Bus KA-12 stands in for the usual bus today.',
    );
    expect(
      runLines(run({ coming: { ...coming, substituteDriver: true, substituteVehicle: true } }), words),
    ).toContain('A substitute bus and driver stand in for the usual ones today.');
  });

  it('says why a trip was cancelled', () => {
    expect(runLines(run({ state: 'CANCELLED', cancelReason: 'Snow' }), words)).toContain('Reason: Snow');
  });

  it('says how late the office marked the run, and which bus carries the child after a breakdown', () => {
    const lines = runLines(
      run({
        state: 'BOARDED',
        delay: { minutes: 20, reason: 'Snow' },
        rescue: { vehiclePlate: 'KA-12', reason: 'Engine failure' },
      }),
      words,
    );
    expect(lines).toContain('About 20 minutes late: Snow');
    expect(lines).toContain('Now on bus KA-12: Engine failure');
    expect(runLines(run({ delay: { minutes: 1, reason: 'Fog' } }), words)).toContain(
      'About 1 minute late: Fog',
    );
  });

  it('puts the cut-off before the planned time, across midnight too', () => {
    expect(cutoffClock('07:42', 30)).toBe('07:12');
    expect(cutoffClock('00:10', 30)).toBe('23:40');
  });

  it('offers undo only for the parent’s own absence, and today only before the cut-off', () => {
    const absent = run({ state: 'ABSENT', absence });
    const me = { email: 'pat@example.com', cutoffMinutes: 30 };
    expect(canUndoAbsence(absent, { ...me, isToday: true, nowClock: '07:11' })).toBe(true);
    expect(canUndoAbsence(absent, { ...me, isToday: true, nowClock: '07:12' })).toBe(false);
    expect(canUndoAbsence(absent, { ...me, isToday: false, nowClock: '23:00' })).toBe(true);
    expect(
      canUndoAbsence(run({ state: 'ABSENT', absence: { ...absence, by: 'office@example.com' } }), {
        ...me,
        isToday: false,
        nowClock: '06:00',
      }),
    ).toBe(false);
  });
});
