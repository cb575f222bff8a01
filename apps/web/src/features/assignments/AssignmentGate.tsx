import { recordGate } from '../../components/RecordGate';
import { useAssignment } from './api';
import { ASSIGNMENT_LIST_PATH } from './paths';

export const AssignmentGate = recordGate({
  useRecord: useAssignment,
  noun: 'Assignment',
  back: { label: 'All Assignments', to: ASSIGNMENT_LIST_PATH },
});
