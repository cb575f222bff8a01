import type { Student } from '@school-transport/shared';

export interface ToggleOutcome {
  selected: Student[];
  /** The child was not added: every seat is taken (or no vehicle gives any seat yet). */
  refused: boolean;
}

/**
 * Selecting a child toggles it, and the selection never holds more children than the vehicle
 * has seats. Children keep the order they were picked in.
 */
export function toggleStudent(selected: readonly Student[], student: Student, seats: number): ToggleOutcome {
  if (selected.some((chosen) => chosen.id === student.id)) {
    return { selected: selected.filter((chosen) => chosen.id !== student.id), refused: false };
  }
  if (selected.length >= seats) return { selected: [...selected], refused: true };
  return { selected: [...selected, student], refused: false };
}
