import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  authorizedAdultInputSchema,
  fetchFailedMessage,
  type AuthorizedAdult,
  type AuthorizedAdultInput,
} from '@school-transport/shared';
import { useState } from 'react';
import { SchemaFormDialog } from '../../components/form/SchemaFormDialog';
import { UpdateImageButton } from '../../components/images/UpdateImageButton';
import { PhotoAvatar } from '../../components/images/PhotoAvatar';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { useAddAdult, useHandOver, useRemoveAdult } from './authorized-adults-api';
import { useMayUse } from '../../lib/session/session';

const EMPTY: AuthorizedAdultInput = { name: '', relation: '', phone: '' };
const CHOICE_WORDS = {
  RULE: 'by the operator’s rule for the class',
  ALWAYS: 'always, set for this child',
  NEVER: 'never, set for this child',
} as const;

/**
 * The adults who may receive the child at drop-off (decision 065): the office adds them (with a photo) and removes
 * them (asking first); the guardians keep the same list in the portal.
 */
export function AuthorizedAdults({ studentId, name }: { studentId: string; name: string }) {
  const handOver = useHandOver(studentId);
  const add = useAddAdult(studentId);
  const remove = useRemoveAdult();
  const [adding, setAdding] = useState(false);
  const manages = useMayUse('admin');
  const [removing, setRemoving] = useState<AuthorizedAdult | null>(null);
  const data = handOver.data;

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Authorized adults
        </Typography>
        {manages && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add adult
          </Button>
        )}
      </Box>
      {handOver.isPending && <CircularProgress size={24} aria-label="Loading authorized adults" />}
      {handOver.isError && <Alert severity="error">{fetchFailedMessage('authorized adults')}</Alert>}
      {data && (
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>
          {data.needed
            ? `${name} is handed only to one of these adults at drop-off (${CHOICE_WORDS[data.choice]}).`
            : `${name} does not need hand-over at drop-off (${CHOICE_WORDS[data.choice]}).`}
        </Typography>
      )}
      {data && data.adults.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>No authorized adults yet.</Typography>
      )}
      {data && data.adults.length > 0 && (
        <List aria-label={`Adults authorized to receive ${name}`}>
          {data.adults.map((adult) => (
            <ListItem
              key={adult.id}
              divider
              disableGutters
              sx={{ flexWrap: 'wrap', gap: 1 }}
              secondaryAction={
                manages && (
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${adult.name}`}
                    onClick={() => setRemoving(adult)}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                )
              }
            >
              <ListItemAvatar>
                <PhotoAvatar src={adult.photo} name={adult.name} />
              </ListItemAvatar>
              <ListItemText primary={adult.name} secondary={`${adult.relation} · ${adult.phone}`} />
              <Box sx={{ pr: 6 }}>
                <UpdateImageButton kind="authorized-adult" id={adult.id} name={adult.name} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {adding && (
        <SchemaFormDialog
          title={`Add an adult who may receive ${name}`}
          submitLabel="Add"
          schema={authorizedAdultInputSchema}
          values={EMPTY}
          fields={[
            { name: 'name', label: 'Name' },
            { name: 'relation', label: 'Relation' },
            { name: 'phone', label: 'Phone' },
          ]}
          onSave={(input) => add.mutateAsync(input)}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this adult?"
        text={removing ? `${removing.name} will no longer be able to receive ${name} at drop-off.` : ''}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
