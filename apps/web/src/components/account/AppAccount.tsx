import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES, type InvitedAccountState } from '@school-transport/shared';
import { useState } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { formatMoment } from '../../lib/time/format';
import { AccountStateChip } from './AccountStateChip';
import { useInviteToApp, useSwitchAccount } from './app-account-api';
import { ConfirmDialog } from '../page/ConfirmDialog';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : MESSAGES.somethingWentWrongSpaced;

/** The two kinds of account the office opens from a record's page, and the app each one opens. */
const KINDS = {
  driver: {
    resource: 'drivers',
    app: { heading: 'Driver app', name: 'the driver app', path: '/driver' },
    /** What else disabling means, said before it is done: the server keeps the driver's assignment. */
    whileDisabled: ' Their route assignment stays: give the route another driver if it is to run meanwhile.',
  },
  parent: {
    resource: 'parents',
    app: { heading: 'Parent portal', name: 'the parent portal', path: '/parent' },
    whileDisabled: '',
  },
} as const;

export type AccountKind = keyof typeof KINDS;

/** What each state means for the person, in a sentence. */
const explanationOf = (account: InvitedAccountState, person: AccountKind): string => {
  const { name, path } = KINDS[person].app;
  return {
    none: `Not invited yet: the ${person} cannot sign in to ${name}.`,
    invited: `An invitation is out: the ${person} signs in once they have chosen a password from its link.`,
    active: `The ${person} signs in to ${name} at ${path}.`,
    disabled: `The account is disabled: the ${person} cannot sign in.`,
  }[account];
};

export interface AppAccountProps {
  kind: AccountKind;
  /** The driver's or parent's record, as the API answers it. */
  record: { id: string; user: { name: string; email: string }; account: InvitedAccountState };
}

/**
 * A person's account for their app (a driver's for the driver app, a parent's for the parent portal): its state,
 * the invitation that opens it (sent again if it was lost), and disabling and enabling it. A failed
 * request is said next to the button as well as in the toast, so it is still there once the toast has gone.
 */
export function AppAccount({ kind, record }: AppAccountProps) {
  const { resource, app, whileDisabled } = KINDS[kind];
  const { account } = record;
  const invite = useInviteToApp(resource);
  const switchAccount = useSwitchAccount(resource);
  const [sentAt, setSentAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const canInvite = account === 'none' || account === 'invited';
  const disabling = account !== 'disabled';

  const send = async () => {
    setError(null);
    try {
      const answer = await invite.mutateAsync(record.id);
      if (answer.data) setSentAt(answer.data.sentAt);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const switchOver = async () => {
    setError(null);
    try {
      await switchAccount.mutateAsync({ id: record.id, disabled: disabling });
      setSentAt(null);
    } catch (failure) {
      setError(messageOf(failure));
      throw failure;
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {app.heading}
        </Typography>
        <AccountStateChip state={account} />
      </Box>
      <Typography sx={{ mb: 2 }}>{explanationOf(account, kind)}</Typography>
      {sentAt && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Invitation sent to {record.user.email} at {formatMoment(sentAt)}.
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {canInvite && (
          <Button
            variant="contained"
            startIcon={<SendOutlinedIcon />}
            onClick={() => void send()}
            loading={invite.isPending}
          >
            {account === 'none' ? `Invite to ${app.name}` : 'Send the invitation again'}
          </Button>
        )}
        <Button
          variant="outlined"
          color={disabling ? 'error' : 'primary'}
          startIcon={disabling ? <BlockOutlinedIcon /> : <CheckCircleOutlineIcon />}
          onClick={() => setConfirming(true)}
        >
          {disabling ? 'Disable account' : 'Enable account'}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={switchOver}
        title={disabling ? 'Disable this account?' : 'Enable this account?'}
        text={
          disabling
            ? `${record.user.name} is signed out at once and cannot sign in to ${app.name} until the account is enabled again.${whileDisabled}`
            : `${record.user.name} can sign in to ${app.name} again.`
        }
        confirmLabel={disabling ? 'Disable' : 'Enable'}
        confirmColor={disabling ? 'error' : 'primary'}
      />
    </Paper>
  );
}
