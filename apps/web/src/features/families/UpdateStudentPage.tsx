import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Student } from '@school-transport/shared';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageForm } from '../../components/form/PageForm';
import { paths } from '../../lib/paths/paths';
import { ChildFormFields } from './ChildFormFields';
import { StudentGate } from './StudentGate';
import { useStudentForm } from './student-form';

/** Mounted once the student is loaded, so the form starts from the stored values; the parent stays the same. */
function UpdateStudentForm({ student }: { student: Student }) {
  const navigate = useNavigate();
  const { control, setValue, problems, isSubmitting, isDirty, submit } = useStudentForm(
    student.parent.id,
    student,
  );

  return (
    <Paper sx={{ p: 3 }}>
      <Typography sx={{ mb: 3 }}>
        Child of{' '}
        <Link component={RouterLink} to={paths.parents.details(student.parent.id)}>
          {student.parent.user.name}
        </Link>
      </Typography>
      <PageForm
        submitLabel="Update Student"
        problems={problems}
        submitting={isSubmitting}
        onSubmit={submit(() => navigate(paths.students.details(student.id)))}
        cancel={{ fallback: paths.students.details(student.id), dirty: isDirty }}
      >
        <ChildFormFields control={control} setValue={setValue} />
      </PageForm>
    </Paper>
  );
}

export function UpdateStudentPage() {
  return (
    <StudentGate title="Update Student">{(student) => <UpdateStudentForm student={student} />}</StudentGate>
  );
}
