import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ParentDetails, Student } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths/paths';
import { ChildRow } from './ChildRow';
import { DeleteStudentDialog } from './DeleteStudentDialog';
import { StudentFormDialog } from './StudentFormDialog';
import { useMayUse } from '../../lib/session/session';

type OpenDialog = { kind: 'form'; student?: Student } | { kind: 'delete'; student: Student } | null;

/** The Children section of a parent's page: each child with Edit and Remove, and 'Add Child'. */
export function ParentChildren({ parent }: { parent: ParentDetails }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const manages = useMayUse('admin');
  const close = () => setDialog(null);

  return (
    <Paper sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Children ({parent.students.length})
        </Typography>
        {manages && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: 'form' })}
            sx={{ ml: 'auto' }}
          >
            Add Child
          </Button>
        )}
      </Box>
      {parent.students.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mt: 2 }}>No children on record.</Typography>
      ) : (
        <List aria-label="Children">
          {parent.students.map((student) => (
            <ChildRow
              key={student.id}
              child={student}
              title={
                <Link component={RouterLink} to={paths.students.details(student.id)}>
                  {student.name}
                </Link>
              }
              actions={
                manages && (
                  <>
                    <IconButton
                      aria-label={`Edit ${student.name}`}
                      onClick={() => setDialog({ kind: 'form', student })}
                    >
                      <EditOutlinedIcon />
                    </IconButton>
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${student.name}`}
                      onClick={() => setDialog({ kind: 'delete', student })}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </>
                )
              }
            />
          ))}
        </List>
      )}
      {dialog?.kind === 'form' && (
        <StudentFormDialog parentId={parent.id} student={dialog.student} onClose={close} />
      )}
      {dialog?.kind === 'delete' && <DeleteStudentDialog student={dialog.student} onClose={close} />}
    </Paper>
  );
}
