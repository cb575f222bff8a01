import { describe, expect, it } from 'vitest';
import { busView, newerBus } from './bus-position';
import { en } from './english';

const bus = (recordedAt: string) => ({ tripId: 't1', lat: 12.9, lng: 77.6, accuracy: 5, recordedAt });
const at = (iso: string) => Date.parse(iso);

describe('the bus on a parent’s card', () => {
  it('is live up to 15 s, grey with its age until 60 s, then hidden', () => {
    const fix = bus('2026-03-02T07:30:00.000Z');
    expect(busView(fix, at('2026-03-02T07:30:15.000Z'), null, en)).toMatchObject({
      shown: true,
      freshness: 'fresh',
      text: 'Live position, 15 s ago',
    });
    expect(busView(fix, at('2026-03-02T07:30:16.000Z'), null, en)).toMatchObject({
      shown: true,
      freshness: 'stale',
      text: 'Last known position, 16 s ago',
    });
    expect(busView(fix, at('2026-03-02T07:31:01.000Z'), null, en)).toEqual({
      shown: false,
      text: 'The bus has not sent its position for 1 min.',
    });
  });

  it('says why there is no bus when the server says so', () => {
    expect(busView(null, 0, 'Your child has left the bus.', en)).toEqual({
      shown: false,
      text: 'Your child has left the bus.',
    });
  });

  it('keeps the newer of two positions', () => {
    const older = bus('2026-03-02T07:30:00.000Z');
    const newer = bus('2026-03-02T07:30:05.000Z');
    expect(newerBus(newer, older)).toBe(newer);
    expect(newerBus(older, newer)).toBe(newer);
    expect(newerBus(null, older)).toBe(older);
  });
});
