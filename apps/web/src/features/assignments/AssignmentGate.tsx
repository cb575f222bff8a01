import { recordGate } from '../../components/RecordGate';
import { paths } from '../../lib/paths';
import { useAssignment } from './api';

export const AssignmentGate = recordGate({
  useRecord: useAssignment,
  noun: 'Assignment',
  back: { label: 'All Assignments', to: paths.assignments.list },
});
