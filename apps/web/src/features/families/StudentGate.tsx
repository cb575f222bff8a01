import { recordGate } from '../../components/record/RecordGate';
import { paths } from '../../lib/paths/paths';
import { useStudent } from './families-api';

export const StudentGate = recordGate({
  useRecord: useStudent,
  noun: 'Student',
  back: { label: 'All Students', to: paths.students.list },
});
