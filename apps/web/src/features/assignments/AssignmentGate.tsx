import { recordGate } from '../../components/record/RecordGate';
import { paths } from '../../lib/paths/paths';
import { useAssignment } from './assignments-api';

export const AssignmentGate = recordGate({
  useRecord: useAssignment,
  noun: 'Assignment',
  back: { label: 'All Assignments', to: paths.assignments.list },
});
