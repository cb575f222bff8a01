import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_CHILDREN_PER_ENROLMENT } from '@school-transport/shared';
import { FormProblems } from '../../components/form/FormProblems';
import { useChildForm, type ChildPayload } from './child-form';
import { ChildFormFields } from './ChildFormFields';
import { ChildRow } from './ChildRow';

interface NewChildrenSectionProps {
  /** The children added so far, sent with the parent. */
  added: readonly ChildPayload[];
  onAdd: (child: ChildPayload) => void;
  onRemove: (index: number) => void;
}

/**
 * The Child section of Add Parent: a form of its own, checked by 'Add Child' ('Fill all the
 * student required fields'), and the list of the children added, each removable until the family is sent.
 */
export function NewChildrenSection({ added, onAdd, onRemove }: NewChildrenSectionProps) {
  const { control, setValue, problems, submitWith, reset } = useChildForm();
  const full = added.length >= MAX_CHILDREN_PER_ENROLMENT;

  const addChild = submitWith(async (child) => {
    onAdd(child);
    reset();
  });

  return (
    <Paper sx={{ p: 3 }}>
      <Stack component="form" spacing={2} noValidate onSubmit={addChild} aria-label="Child">
        <Typography variant="h6" component="h2">
          Child
        </Typography>
        <FormProblems problems={problems} />
        <ChildFormFields control={control} setValue={setValue} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={full}>
            Add Child
          </Button>
          {full && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              At most {MAX_CHILDREN_PER_ENROLMENT} children at once; add more on the parent's page afterwards.
            </Typography>
          )}
        </Box>
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, fontWeight: 600 }}>
        Children to add ({added.length})
      </Typography>
      {added.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>No child added yet.</Typography>
      ) : (
        <List aria-label="Children to add">
          {added.map((child, index) => (
            <ChildRow
              // Rows hold no state of their own, so their place in the list is key enough.
              key={index}
              child={child}
              actions={
                <IconButton edge="end" aria-label={`Remove ${child.name}`} onClick={() => onRemove(index)}>
                  <DeleteOutlinedIcon />
                </IconButton>
              }
            />
          ))}
        </List>
      )}
    </Paper>
  );
}
