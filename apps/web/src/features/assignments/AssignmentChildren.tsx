import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssignmentDetails } from '@school-transport/shared';
import { useState, type FormEvent } from 'react';
import { FormProblems } from '../../components/form/FormProblems';
import { serverProblems } from '../../components/form/useSchemaForm';
import { RiderList } from '../../components/trips/RiderList';
import { useAssignStudents } from './assignments-api';
import { StudentPicker } from './StudentPicker';
import { studentsProblems } from './useAssignmentDraft';
import { useStudentSelection } from './useStudentSelection';
import { useMayUse } from '../../lib/session/session';

interface ChildrenEditorProps {
  assignment: AssignmentDetails;
  onDone: () => void;
}

/**
 * The children being changed: the picker of Add Assignment, starting from those riding now, who stay listed
 * above the free ones so a child dropped by mistake can be picked again. Saving replaces the whole set.
 */
function ChildrenEditor({ assignment, onDone }: ChildrenEditorProps) {
  const assign = useAssignStudents();
  const selection = useStudentSelection(assignment.vehicle.capacity, assignment.students);
  const [problems, setProblems] = useState<string[]>([]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing = studentsProblems(selection.selected.length);
    setProblems(missing);
    if (missing.length > 0) return;
    try {
      await assign.mutateAsync({
        id: assignment.id,
        studentIds: selection.selected.map((student) => student.id),
      });
      onDone();
    } catch (error) {
      setProblems(serverProblems(error));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={save} spacing={2} aria-label="Change students">
      <FormProblems problems={problems} />
      <StudentPicker selection={selection} seats={assignment.vehicle.capacity} riding={assignment.students} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" loading={assign.isPending}>
          Save Students
        </Button>
        <Button onClick={onDone} disabled={assign.isPending} color="inherit">
          Cancel
        </Button>
      </Box>
    </Stack>
  );
}

interface AssignmentChildrenProps {
  assignment: AssignmentDetails;
  /** Whether the children are being changed (kept in the address, so the list's 'Edit students' opens it). */
  changing: boolean;
  onChangingChange: (changing: boolean) => void;
}

/** The children riding with the assignment, against the seats, and the way to change them. */
export function AssignmentChildren({ assignment, changing, onChangingChange }: AssignmentChildrenProps) {
  const { students, vehicle } = assignment;
  const manages = useMayUse('admin');
  return (
    <Paper sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h2">
          Children ({students.length} / {vehicle.capacity} seats)
        </Typography>
        {manages && !changing && (
          <Button
            variant="outlined"
            startIcon={<GroupsOutlinedIcon />}
            onClick={() => onChangingChange(true)}
            sx={{ ml: 'auto' }}
          >
            Change students
          </Button>
        )}
      </Box>
      {manages && changing ? (
        <ChildrenEditor assignment={assignment} onDone={() => onChangingChange(false)} />
      ) : (
        <RiderList label="Children" students={students} emptyText="No children ride with this assignment." />
      )}
    </Paper>
  );
}
