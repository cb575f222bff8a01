import { ASSIGNMENT_MESSAGES, type Student } from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { toggleStudent } from './student-selection';

export interface StudentSelection {
  selected: readonly Student[];
  /** Adds or removes the child; one more than the seats is refused with the shared message as an error toast. */
  toggle: (student: Student) => void;
  clear: () => void;
}

/** The children chosen for a vehicle of `seats` seats, starting from `initial` (an assignment's current ones). */
export function useStudentSelection(seats: number, initial: readonly Student[] = []): StudentSelection {
  const [selected, setSelected] = useState<readonly Student[]>(initial);
  const { enqueueSnackbar } = useSnackbar();

  const toggle = (student: Student) => {
    const outcome = toggleStudent(selected, student, seats);
    if (outcome.refused) enqueueSnackbar(ASSIGNMENT_MESSAGES.noSeats, { variant: 'error' });
    else setSelected(outcome.selected);
  };

  return { selected, toggle, clear: () => setSelected([]) };
}
