import type { RunSchedule } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import { moveRow } from '../../lib/order/move-row';
import { checkDraft, draftOf, hasSchedule, inputOf, nextMinutes, placeProblems } from './run-draft';

const stop = (id: string, minutesAfterStart: number, position: number) => ({
  id,
  name: `Stop ${id}`,
  lat: 12.9,
  lng: 77.6,
  address: null,
  note: null,
  profileImage: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  position,
  minutesAfterStart,
});

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const run: RunSchedule = {
  run: 'PICKUP',
  startTime: '07:30',
  stops: [stop(A, 0, 0), stop(B, 5, 1), stop(C, 12, 2)],
  riders: [],
};

describe('run drafts', () => {
  it('round-trips a saved run into what PUT takes', () => {
    expect(inputOf(draftOf(run))).toEqual({
      startTime: '07:30',
      stops: [
        { stopId: A, minutesAfterStart: 0 },
        { stopId: B, minutesAfterStart: 5 },
        { stopId: C, minutesAfterStart: 12 },
      ],
    });
  });

  it('offers a default start to a run without a schedule', () => {
    const empty: RunSchedule = { run: 'DROP', startTime: null, stops: [], riders: [] };
    expect(hasSchedule(empty)).toBe(false);
    expect(draftOf(empty).startTime).toBe('15:00');
  });

  it('moves a row and keeps the others in order', () => {
    expect(moveRow(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, 5)).toEqual(['a', 'b', 'c']);
  });

  it('proposes two minutes after the last stop', () => {
    expect(nextMinutes(draftOf(run))).toBe('14');
    expect(nextMinutes({ startTime: '07:00', stops: [] })).toBe('0');
  });

  it('names the row whose time goes backwards, as the server would', () => {
    const draft = draftOf(run);
    const reordered = { ...draft, stops: moveRow(draft.stops, 2, 0) };
    const problems = checkDraft(reordered);
    expect(problems?.rows[1]).toBe('A stop cannot be reached before the one before it');
    expect(checkDraft(draft)).toBeNull();
  });

  it('flags a blank minutes field on its row', () => {
    const draft = draftOf(run);
    draft.stops[1] = { ...draft.stops[1]!, minutes: '' };
    expect(Object.keys(checkDraft(draft)?.rows ?? {})).toEqual(['1']);
  });

  it("places the server's field errors next to their rows", () => {
    expect(
      placeProblems([
        { field: 'startTime', message: 'bad start' },
        { field: 'stops.2.stopId', message: 'no such stop' },
        { message: 'something else' },
      ]),
    ).toEqual({ startTime: 'bad start', rows: { 2: 'no such stop' }, general: ['something else'] });
    expect(placeProblems([], 'Refused')).toEqual({ rows: {}, general: ['Refused'] });
  });
});
