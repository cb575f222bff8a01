import { ASSIGNMENT_MESSAGES, type Driver, type BusRoute, type Vehicle } from '@school-transport/shared';
import { useState } from 'react';
import { type StudentSelection, useStudentSelection } from './useStudentSelection';

/** The route, vehicle and driver of an assignment being put together; null until chosen. */
export interface AssignmentParts {
  route: BusRoute | null;
  vehicle: Vehicle | null;
  driver: Driver | null;
}

export type PartName = keyof AssignmentParts;

export const NO_PARTS: AssignmentParts = { route: null, vehicle: null, driver: null };

export type ChosenParts = { [Name in PartName]: NonNullable<AssignmentParts[Name]> };

export const allChosen = (parts: AssignmentParts): parts is ChosenParts =>
  parts.route !== null && parts.vehicle !== null && parts.driver !== null;

/** Route, vehicle and driver are all required. */
export const partsProblems = (parts: AssignmentParts): string[] =>
  allChosen(parts) ? [] : [ASSIGNMENT_MESSAGES.fillRequired];

/** An assignment takes at least one child. */
export const studentsProblems = (studentCount: number): string[] =>
  studentCount === 0 ? [ASSIGNMENT_MESSAGES.addOneStudent] : [];

/** What the Add Assignment form still lacks, from its current state: gone as soon as it is chosen. */
export const draftProblems = (parts: AssignmentParts, studentCount: number): string[] => [
  ...partsProblems(parts),
  ...studentsProblems(studentCount),
];

/**
 * The Add Assignment form's state: the three parts and the children, whose seats are the chosen
 * vehicle's. Changing the route, the vehicle or the driver clears the children: they were picked for the others.
 * `onChange` hears of every choice made (e.g. to take down the server's refusal of what was sent before).
 */
export function useAssignmentDraft(onChange: () => void = () => {}) {
  const [parts, setParts] = useState<AssignmentParts>(NO_PARTS);
  const picked = useStudentSelection(parts.vehicle?.capacity ?? 0);
  const selection: StudentSelection = {
    ...picked,
    toggle: (student) => {
      picked.toggle(student);
      onChange();
    },
  };

  const choose = <Name extends PartName>(name: Name, value: AssignmentParts[Name]) => {
    setParts((current) => ({ ...current, [name]: value }));
    picked.clear();
    onChange();
  };

  const reset = () => {
    setParts(NO_PARTS);
    picked.clear();
  };

  return { parts, selection, choose, reset };
}
