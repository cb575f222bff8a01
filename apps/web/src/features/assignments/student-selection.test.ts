import type { Student } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import { aStudent as student } from '../../test/records';
import { toggleStudent } from './student-selection';

const ids = (students: readonly Student[]) => students.map((chosen) => chosen.id);

describe('toggleStudent', () => {
  it('adds a child not yet selected, after those picked before', () => {
    const outcome = toggleStudent([student('a')], student('b'), 3);
    expect(ids(outcome.selected)).toEqual(['a', 'b']);
    expect(outcome.refused).toBe(false);
  });

  it('removes a child already selected', () => {
    const outcome = toggleStudent([student('a'), student('b')], student('a'), 3);
    expect(ids(outcome.selected)).toEqual(['b']);
    expect(outcome.refused).toBe(false);
  });

  it('refuses one child more than the seats and keeps the selection', () => {
    const full = [student('a'), student('b')];
    const outcome = toggleStudent(full, student('c'), 2);
    expect(outcome.refused).toBe(true);
    expect(ids(outcome.selected)).toEqual(['a', 'b']);
  });

  it('still lets a child be removed from a full vehicle', () => {
    const outcome = toggleStudent([student('a'), student('b')], student('b'), 2);
    expect(ids(outcome.selected)).toEqual(['a']);
  });

  it('refuses every child while there are no seats (no vehicle chosen)', () => {
    expect(toggleStudent([], student('a'), 0).refused).toBe(true);
  });
});
