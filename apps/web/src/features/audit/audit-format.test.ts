import { describe, expect, it } from 'vitest';
import { detailsSummary, itemLabel, readableAction } from './audit-format';

describe('readableAction', () => {
  it.each([
    ['driver.created', 'Driver created'],
    ['auth.login_failed', 'Auth login failed'],
    ['profile.email_change_requested', 'Profile email change requested'],
  ])('reads %s as %s', (action, expected) => {
    expect(readableAction(action)).toBe(expected);
  });
});

describe('itemLabel', () => {
  it('names the kind of record and the start of its id', () => {
    expect(itemLabel('user', '3f2a9c1b-7d1e-4c55-9b0a-2f6d1e0c9a11')).toBe('user 3f2a9c1b');
  });

  it('shows a dash for an entry about no record', () => {
    expect(itemLabel(null, null)).toBe('—');
  });
});

describe('detailsSummary', () => {
  it('lists the recorded values on one line', () => {
    expect(detailsSummary({ from: 'a@example.com', to: 'b@example.com' })).toBe(
      'from: a@example.com, to: b@example.com',
    );
    expect(detailsSummary({ capacity: 30, tags: ['x'] })).toBe('capacity: 30, tags: ["x"]');
  });

  it('reads the fields an update of a person changed, whose values are not kept', () => {
    expect(detailsSummary({ phone: 'changed', address: 'changed' })).toBe('phone: changed, address: changed');
    expect(detailsSummary({ children: 2 })).toBe('children: 2');
  });

  it('shows a dash for an entry whose details were all left out', () => {
    expect(detailsSummary({})).toBe('—');
  });

  it('cuts a long summary and shows a dash for none', () => {
    const summary = detailsSummary({ note: 'x'.repeat(100) });
    expect(summary).toHaveLength(40);
    expect(summary.endsWith('…')).toBe(true);
    expect(detailsSummary(null)).toBe('—');
  });
});
