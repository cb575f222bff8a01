import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Driver, DriverAccountState } from '@school-transport/shared';
import { useState } from 'react';
import { formatMoment } from '../../lib/format';
import { useInviteDriver } from './invite-api';

const STATES: Record<DriverAccountState, { label: string; color: ChipProps['color']; text: string }> = {
  none: {
    label: 'No account',
    color: 'default',
    text: 'Not invited yet: the driver cannot sign in to the driver app.',
  },
  invited: {
    label: 'Invited',
    color: 'warning',
    text: 'An invitation is out: the driver signs in once they have chosen a password from its link.',
  },
  active: { label: 'Active', color: 'success', text: 'The driver signs in to the driver app at /driver.' },
  disabled: {
    label: 'Disabled',
    color: 'default',
    text: 'The account is disabled: the driver cannot sign in.',
  },
};

/** The driver's account for the driver app, and the invitation that opens it (sent again if it was lost). */
export function DriverAppAccount({ driver }: { driver: Driver }) {
  const invite = useInviteDriver();
  const [sentAt, setSentAt] = useState<string | null>(null);
  const state = STATES[driver.account];
  const canInvite = driver.account === 'none' || driver.account === 'invited';

  const send = async () => {
    const answer = await invite.mutateAsync(driver.id).catch(() => null);
    if (answer?.data) setSentAt(answer.data.sentAt);
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          Driver app
        </Typography>
        <Chip label={state.label} color={state.color} size="small" />
      </Box>
      <Typography sx={{ mb: 2 }}>{state.text}</Typography>
      {sentAt && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Invitation sent to {driver.user.email} at {formatMoment(sentAt)}.
        </Alert>
      )}
      {canInvite && (
        <Button
          variant="contained"
          startIcon={<SendOutlinedIcon />}
          onClick={() => void send()}
          loading={invite.isPending}
        >
          {driver.account === 'none' ? 'Invite to the driver app' : 'Send the invitation again'}
        </Button>
      )}
    </Paper>
  );
}
