import { recordGate } from '../../components/RecordGate';
import { useStudent } from './api';
import { STUDENT_LIST_PATH } from './paths';

export const StudentGate = recordGate({
  useRecord: useStudent,
  noun: 'Student',
  back: { label: 'All Students', to: STUDENT_LIST_PATH },
});
