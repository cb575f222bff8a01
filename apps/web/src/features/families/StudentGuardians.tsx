import AddIcon from '@mui/icons-material/Add';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { fetchFailedMessage, GUARDIAN_RELATION_LABELS, type Guardian } from '@school-transport/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { paths } from '../../lib/paths/paths';
import { GuardianLinkDialog } from './GuardianLinkDialog';
import { useGuardians, useUnlinkGuardian } from './guardians-api';
import { useMayUse } from '../../lib/session/session';

/**
 * The child's guardians (decision 064), the primary one (the contact of record) first and marked, with the way to
 * link another parent and to unlink one. The server keeps at least one and says so when asked to unlink the last.
 */
export function StudentGuardians({ studentId, name }: { studentId: string; name: string }) {
  const guardians = useGuardians(studentId);
  const unlink = useUnlinkGuardian(studentId);
  const [linking, setLinking] = useState(false);
  const manages = useMayUse('admin');
  const [unlinking, setUnlinking] = useState<Guardian | null>(null);

  return (
    <Paper component="section" aria-label="Guardians" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Guardians
        </Typography>
        {manages && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setLinking(true)}>
            Link a guardian
          </Button>
        )}
      </Box>
      {guardians.isPending && <CircularProgress size={24} aria-label="Loading guardians" />}
      {guardians.isError && <Alert severity="error">{fetchFailedMessage('guardians')}</Alert>}
      {guardians.isSuccess && guardians.data.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>No guardian is linked to {name}.</Typography>
      )}
      {guardians.isSuccess && guardians.data.length > 0 && (
        <List aria-label={`Guardians of ${name}`}>
          {guardians.data.map((guardian) => (
            <ListItem
              key={guardian.parentId}
              divider
              disableGutters
              secondaryAction={
                manages && (
                  <IconButton
                    edge="end"
                    aria-label={`Unlink ${guardian.name}`}
                    onClick={() => setUnlinking(guardian)}
                  >
                    <LinkOffIcon />
                  </IconButton>
                )
              }
              // Room for the button, so a long name wraps instead of running under it on a phone.
              sx={{ pr: 6 }}
            >
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                  >
                    <Link component={RouterLink} to={paths.parents.details(guardian.parentId)}>
                      {guardian.name}
                    </Link>
                    <span>{GUARDIAN_RELATION_LABELS[guardian.relation]}</span>
                    {guardian.primary && <Chip size="small" color="primary" label="Primary" />}
                  </Box>
                }
                secondary={`${guardian.phone} · ${guardian.email}`}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {linking && <GuardianLinkDialog studentId={studentId} name={name} onClose={() => setLinking(false)} />}
      <ConfirmDialog
        open={unlinking !== null}
        title="Unlink this guardian?"
        text={
          unlinking
            ? `${unlinking.name} will no longer see ${name} in the parent app nor be told about their rides.` +
              (unlinking.primary
                ? ' The guardian linked longest after them becomes the primary contact.'
                : '')
            : ''
        }
        confirmLabel="Unlink"
        onConfirm={() => (unlinking ? unlink.mutateAsync(unlinking.parentId) : undefined)}
        onClose={() => setUnlinking(null)}
      />
    </Paper>
  );
}
