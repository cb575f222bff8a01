import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { ChangePasswordForm } from '../../components/auth/ChangePasswordForm';
import { TitledPanel } from '../../components/page/TitledPanel';
import { ContactDetailsPanel } from './ContactDetailsPanel';
import { downloadFamilyData, parentRequest } from './parent-api';
import { useParentSession, useParentToken } from './parent-session';
import { useAction } from './use-action';

function FamilyDataButton() {
  const token = useParentToken();
  const { busy, problem, run } = useAction();
  const download = () => run(() => downloadFamilyData(token));
  return (
    <Stack spacing={1}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button
        variant="outlined"
        loading={busy}
        onClick={() => void download()}
        sx={{ alignSelf: 'flex-start' }}
      >
        Download my family’s data
      </Button>
    </Stack>
  );
}

/** /parent/account: the parent's contact details, password, and all kept about the family as a file. */
export function ParentAccountPage() {
  const token = useParentToken();
  const { session } = useParentSession();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        My account
      </Typography>
      {session && <Typography>{`Signed in as ${session.user.name} (${session.user.email}).`}</Typography>}
      <ContactDetailsPanel />
      <TitledPanel title="Password">
        <ChangePasswordForm
          change={async (input) => {
            const answer = await parentRequest(token, 'POST', '/profile/change-password', input);
            enqueueSnackbar(answer.message ?? 'Your password is changed.', { variant: 'success' });
          }}
        />
      </TitledPanel>
      <TitledPanel title="Your family’s data">
        <Typography sx={{ mb: 2 }}>
          Everything SchoolRide keeps about you and your children, as one JSON file.
        </Typography>
        <FamilyDataButton />
      </TitledPanel>
    </Stack>
  );
}
