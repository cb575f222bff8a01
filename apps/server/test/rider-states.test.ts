import { describe, expect, it } from 'vitest';
import {
  byOccurrence,
  childRunState,
  countBoarded,
  riderStateOf,
  riderStates,
  studentOfEvent,
  type ChildRunState,
  type RiderEventFacts,
  type RiderState,
  type RidershipKind,
  type TripStatus,
} from '@school-transport/shared';

/**
 * The shared rule (packages/shared/src/rider-states.ts) that the server, the driver app and the parent portal all
 * use: a child's state follows the events in the order they happened, whatever order they arrived in. The shared
 * package has no test runner of its own; its rule is tested here, beside the server's other unit tests.
 */
const ANNA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

let counter = 0;
const event = (studentId: string | null, kind: RidershipKind, at: string, eventId?: string) => ({
  eventId: eventId ?? `00000000-0000-4000-9000-${String(++counter).padStart(12, '0')}`,
  studentId,
  kind,
  occurredAt: `2026-03-02T${at}:00Z`,
});
const statesOf = (events: readonly (RiderEventFacts & { studentId: string | null })[]) =>
  riderStates(events, { childOf: studentOfEvent });

describe('riderStates', () => {
  /** Anna's events in the order they reached the server, and whether she is marked absent → her state. */
  const table: [string, [RidershipKind, string, string?][], boolean, RiderState][] = [
    ['no event', [], false, 'WAITING'],
    ['no event, marked absent', [], true, 'ABSENT'],
    ['a boarding', [['BOARD', '07:10']], false, 'ON_BUS'],
    [
      'a boarding, then leaving',
      [
        ['BOARD', '07:10'],
        ['ALIGHT', '07:40'],
      ],
      false,
      'LEFT',
    ],
    [
      'leaving that arrived before the boarding',
      [
        ['ALIGHT', '07:40'],
        ['BOARD', '07:10'],
      ],
      false,
      'LEFT',
    ],
    ['a no-show', [['NO_SHOW', '07:10']], false, 'NO_SHOW'],
    [
      'a later boarding after a no-show (ran up late)',
      [
        ['BOARD', '07:15'],
        ['NO_SHOW', '07:10'],
      ],
      false,
      'ON_BUS',
    ],
    [
      'an earlier boarding than the no-show',
      [
        ['NO_SHOW', '07:10'],
        ['BOARD', '07:05'],
      ],
      false,
      'NO_SHOW',
    ],
    [
      'boarded, left, boarded again',
      [
        ['BOARD', '07:10'],
        ['ALIGHT', '07:20'],
        ['BOARD', '07:25'],
      ],
      false,
      'ON_BUS',
    ],
    ['marked absent but boarded anyway', [['BOARD', '07:10']], true, 'ON_BUS'],
    ['marked absent and recorded a no-show', [['NO_SHOW', '07:10']], true, 'NO_SHOW'],
    // Where the driver app's copy differed: it compared ids as written, so 'F…' came before 'a…'.
    [
      'same moment, ids in upper and lower case (by id in lower case)',
      [
        ['BOARD', '07:10', 'F0000000-0000-4000-8000-000000000000'],
        ['ALIGHT', '07:10', 'a0000000-0000-4000-8000-000000000000'],
      ],
      false,
      'ON_BUS',
    ],
  ];
  it.each(table)('%s', (_, sequence, absent, state) => {
    const events = sequence.map(([kind, at, id]) => event(ANNA, kind, at, id));
    expect(
      riderStates(events, { expected: [{ studentId: ANNA, absent }], childOf: studentOfEvent }).get(ANNA),
    ).toBe(state);
    expect(riderStateOf([...events].reverse(), { studentId: ANNA, absent })).toBe(state);
  });

  it('breaks ties on time by event id, so that every replay agrees', () => {
    const first = event(ANNA, 'ALIGHT', '07:10', '10000000-0000-4000-8000-000000000000');
    const second = event(ANNA, 'BOARD', '07:10', 'F0000000-0000-4000-8000-000000000000');
    expect(statesOf([second, first]).get(ANNA)).toBe('ON_BUS');
    expect(statesOf([first, second]).get(ANNA)).toBe('ON_BUS');
    expect(byOccurrence(first, second)).toBeLessThan(0);
  });

  it('keeps children apart, counts those who were not expected, and ignores events of nobody', () => {
    const states = riderStates(
      [event(ANNA, 'BOARD', '07:10'), event(BEN, 'BOARD', '07:12'), event(null, 'BOARD', '07:13')],
      { expected: [{ studentId: ANNA, absent: false }], childOf: studentOfEvent },
    );
    expect(states).toEqual(
      new Map([
        [ANNA, 'ON_BUS'],
        [BEN, 'ON_BUS'],
      ]),
    );
    expect(countBoarded(states)).toBe(2);
  });

  it('follows whoever childOf names, as the driver app names a card no event has tied to a child yet', () => {
    const scans = [
      { eventId: 'b', tagId: 'FF01', kind: 'ALIGHT' as const, occurredAt: '2026-03-02T07:40:00Z' },
      { eventId: 'a', tagId: 'FF01', kind: 'BOARD' as const, occurredAt: '2026-03-02T07:10:00Z' },
    ];
    expect(riderStates(scans, { childOf: (scan) => `tag:${scan.tagId}` })).toEqual(
      new Map([['tag:FF01', 'LEFT']]),
    );
  });

  it('takes Date objects as the database returns them', () => {
    const states = statesOf([
      { eventId: 'b', studentId: ANNA, kind: 'ALIGHT', occurredAt: new Date('2026-03-02T07:40:00Z') },
      { eventId: 'a', studentId: ANNA, kind: 'BOARD', occurredAt: new Date('2026-03-02T07:10:00Z') },
    ]);
    expect(states.get(ANNA)).toBe('LEFT');
  });
});

describe('childRunState', () => {
  /** The trip's status and the child's state on it → what their parent reads. */
  const table: [TripStatus | null, RiderState, ChildRunState][] = [
    [null, 'WAITING', 'NOT_STARTED'],
    ['PENDING', 'WAITING', 'NOT_STARTED'],
    ['STARTED', 'WAITING', 'ON_THE_WAY'],
    ['COMPLETED', 'WAITING', 'MISSED'],
    ['STARTED', 'ON_BUS', 'BOARDED'],
    ['COMPLETED', 'ON_BUS', 'BOARDED'],
    ['STARTED', 'LEFT', 'LEFT'],
    ['STARTED', 'NO_SHOW', 'MISSED'],
    ['PENDING', 'ABSENT', 'ABSENT'],
    ['STARTED', 'ABSENT', 'ABSENT'],
    ['CANCELLED', 'ON_BUS', 'CANCELLED'],
    ['CANCELLED', 'ABSENT', 'CANCELLED'],
  ];
  it.each(table)('a %s trip and a child %s: %s', (status, state, expected) => {
    expect(childRunState(status, state)).toBe(expected);
  });
});
