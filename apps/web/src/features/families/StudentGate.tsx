import { recordGate } from '../../components/RecordGate';
import { paths } from '../../lib/paths';
import { useStudent } from './api';

export const StudentGate = recordGate({
  useRecord: useStudent,
  noun: 'Student',
  back: { label: 'All Students', to: paths.students.list },
});
