import { describe, expect, it } from 'vitest';
import type { RidershipKind } from '@school-transport/shared';
import { deriveRiderStates } from '../src/modules/operations/ridership/rider-states.js';

/** A child's state follows the events in the order they happened, whatever order they arrived in. */
const ANNA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

let counter = 0;
const event = (studentId: string | null, kind: RidershipKind, at: string, eventId?: string) => ({
  eventId: eventId ?? `00000000-0000-4000-9000-${String(++counter).padStart(12, '0')}`,
  studentId,
  kind,
  occurredAt: `2026-03-02T${at}:00Z`,
});

describe('deriveRiderStates', () => {
  it('orders by when events happened, not by arrival', () => {
    const board = event(ANNA, 'BOARD', '07:10');
    const alight = event(ANNA, 'ALIGHT', '07:40');
    expect(deriveRiderStates([alight, board]).get(ANNA)).toBe('LEFT');
    expect(deriveRiderStates([board, alight]).get(ANNA)).toBe('LEFT');
  });

  it('puts a child who boarded, left and boarded again back on the bus', () => {
    const events = [
      event(ANNA, 'BOARD', '07:10'),
      event(ANNA, 'ALIGHT', '07:20'),
      event(ANNA, 'BOARD', '07:25'),
    ];
    expect(deriveRiderStates(events).get(ANNA)).toBe('ON_BUS');
    expect(deriveRiderStates([...events].reverse()).get(ANNA)).toBe('ON_BUS');
  });

  it('lets a later boarding override a no-show, but not an earlier one', () => {
    const noShow = event(ANNA, 'NO_SHOW', '07:10');
    expect(deriveRiderStates([event(ANNA, 'BOARD', '07:15'), noShow]).get(ANNA)).toBe('ON_BUS');
    expect(deriveRiderStates([noShow, event(ANNA, 'BOARD', '07:05')]).get(ANNA)).toBe('NO_SHOW');
  });

  it('keeps children apart and ignores events without a child', () => {
    const states = deriveRiderStates([
      event(ANNA, 'BOARD', '07:10'),
      event(BEN, 'NO_SHOW', '07:12'),
      event(null, 'BOARD', '07:13'),
    ]);
    expect(states).toEqual(
      new Map([
        [ANNA, 'ON_BUS'],
        [BEN, 'NO_SHOW'],
      ]),
    );
  });

  it('breaks ties on time by event id, so that every replay agrees', () => {
    const first = event(ANNA, 'ALIGHT', '07:10', '10000000-0000-4000-8000-000000000000');
    const second = event(ANNA, 'BOARD', '07:10', 'F0000000-0000-4000-8000-000000000000');
    expect(deriveRiderStates([second, first]).get(ANNA)).toBe('ON_BUS');
    expect(deriveRiderStates([first, second]).get(ANNA)).toBe('ON_BUS');
  });

  it('takes Date objects as the database returns them', () => {
    const states = deriveRiderStates([
      { eventId: 'b', studentId: ANNA, kind: 'ALIGHT', occurredAt: new Date('2026-03-02T07:40:00Z') },
      { eventId: 'a', studentId: ANNA, kind: 'BOARD', occurredAt: new Date('2026-03-02T07:10:00Z') },
    ]);
    expect(states.get(ANNA)).toBe('LEFT');
  });
});
