import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Student } from '@school-transport/shared';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageForm } from '../../components/form/PageForm';
import { PageHeader } from '../../components/PageHeader';
import { parentDetailsPath } from '../parents';
import { ChildFormFields } from './ChildFormFields';
import { STUDENT_LIST_PATH, studentDetailsPath } from './paths';
import { StudentGate } from './StudentGate';
import { useStudentForm } from './student-form';

const BREADCRUMBS = [{ label: 'All Students', to: STUDENT_LIST_PATH }];

/** Mounted once the student is loaded, so the form starts from the stored values; the parent stays the same. */
function UpdateStudentForm({ student }: { student: Student }) {
  const navigate = useNavigate();
  const { control, setValue, problems, isSubmitting, submit } = useStudentForm(student.parent.id, student);

  return (
    <Paper sx={{ p: 3 }}>
      <Typography sx={{ mb: 3 }}>
        Child of{' '}
        <Link component={RouterLink} to={parentDetailsPath(student.parent.id)}>
          {student.parent.user.name}
        </Link>
      </Typography>
      <PageForm
        submitLabel="Update Student"
        problems={problems}
        submitting={isSubmitting}
        onSubmit={submit(() => navigate(studentDetailsPath(student.id)))}
      >
        <ChildFormFields control={control} setValue={setValue} />
      </PageForm>
    </Paper>
  );
}

export function UpdateStudentPage() {
  return (
    <>
      <PageHeader title="Update Student" breadcrumbs={BREADCRUMBS} />
      <StudentGate>{(student) => <UpdateStudentForm student={student} />}</StudentGate>
    </>
  );
}
