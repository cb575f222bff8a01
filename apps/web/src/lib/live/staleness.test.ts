import { describe, expect, it } from 'vitest';
import { fixAgeSeconds, formatAge, freshnessOf, latenessText, signalText } from './staleness';

const AT = Date.parse('2026-03-02T07:30:00.000Z');
const secondsBefore = (seconds: number) => new Date(AT - seconds * 1000).toISOString();

describe('the age of a bus position', () => {
  it('counts whole seconds against the screen clock', () => {
    expect(fixAgeSeconds(secondsBefore(0), AT)).toBe(0);
    expect(fixAgeSeconds(secondsBefore(15.9), AT)).toBe(15);
    expect(fixAgeSeconds(secondsBefore(40), AT)).toBe(40);
  });

  it('takes a fix stamped a little ahead of this clock as brand new, never negative', () => {
    expect(fixAgeSeconds(new Date(AT + 3000).toISOString(), AT)).toBe(0);
  });

  it('is fresh up to 15 s, stale after, lost past a minute', () => {
    expect(freshnessOf(0)).toBe('fresh');
    expect(freshnessOf(15)).toBe('fresh');
    expect(freshnessOf(16)).toBe('stale');
    expect(freshnessOf(60)).toBe('stale');
    expect(freshnessOf(61)).toBe('lost');
  });

  it('turns stale on the tick that crosses 15 s', () => {
    const recordedAt = secondsBefore(0);
    expect(freshnessOf(fixAgeSeconds(recordedAt, AT + 15_999))).toBe('fresh');
    expect(freshnessOf(fixAgeSeconds(recordedAt, AT + 16_000))).toBe('stale');
  });
});

describe('how the screen words it', () => {
  it('says ages in seconds, then minutes, then hours', () => {
    expect(formatAge(3)).toBe('3 s ago');
    expect(formatAge(40)).toBe('40 s ago');
    expect(formatAge(59)).toBe('59 s ago');
    expect(formatAge(60)).toBe('1 min ago');
    expect(formatAge(150)).toBe('2 min ago');
    expect(formatAge(3600)).toBe('1 h ago');
    expect(formatAge(3900)).toBe('1 h 5 min ago');
  });

  it('names the signal in words, not colour alone', () => {
    expect(signalText(null)).toBe('No position yet');
    expect(signalText(4)).toBe('Live, 4 s ago');
    expect(signalText(40)).toBe('Last fix 40 s ago');
    expect(signalText(61)).toBe('No signal for 1 min');
    expect(signalText(125)).toBe('No signal for 2 min');
  });

  it('says minutes late, early or on time against the plan', () => {
    expect(latenessText(null)).toBeNull();
    expect(latenessText(4)).toBe('4 min late');
    expect(latenessText(4.4)).toBe('4 min late');
    expect(latenessText(-2)).toBe('2 min early');
    expect(latenessText(0)).toBe('on time');
    expect(latenessText(0.4)).toBe('on time');
    expect(latenessText(-0.4)).toBe('on time');
    expect(latenessText(0.6)).toBe('1 min late');
  });
});
