import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  GUARDIAN_RELATION_LABELS,
  GUARDIAN_REQUEST_STATES,
  type GuardianRequest,
  type GuardianRequestState,
} from '@school-transport/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { formatMoment } from '../../lib/time/format';
import { useGuardianRequests } from './guardians-api';
import { ApproveGuardianDialog, DeclineGuardianDialog } from './GuardianRequestDialogs';
import { useMayUse } from '../../lib/session/session';

const TAB_LABELS: Record<GuardianRequestState, string> = {
  REQUESTED: 'Pending',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
};
const EMPTY: Record<GuardianRequestState, string> = {
  REQUESTED: 'No requests are waiting.',
  APPROVED: 'No approved requests.',
  DECLINED: 'No declined requests.',
};
const STATE_COLOURS = { REQUESTED: 'warning', APPROVED: 'success', DECLINED: 'error' } as const;

const stateOf = (value: string | null): GuardianRequestState =>
  GUARDIAN_REQUEST_STATES.find((state) => state === value) ?? 'REQUESTED';

/** One request as a card (one column at 390 px); a pending one offers Approve and Decline. */
function RequestCard({
  request,
  onApprove,
  onDecline,
}: {
  request: GuardianRequest;
  onApprove: () => void;
  onDecline: () => void;
}) {
  // Approving makes a parent record and links it: administrators only (decision 077).
  const manages = useMayUse('admin');
  return (
    <Box
      component="li"
      aria-label={`Guardian request for ${request.studentName}`}
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{request.studentName}</Typography>
        <Chip size="small" color={STATE_COLOURS[request.state]} label={TAB_LABELS[request.state]} />
      </Stack>
      <Typography>
        {request.name} · {GUARDIAN_RELATION_LABELS[request.relation]}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {request.email} · {request.phone}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Asked by {request.requestedByName ?? 'a guardian no longer on record'} on{' '}
        {formatMoment(request.requestedAt)}
        {request.decidedAt && `; decided on ${formatMoment(request.decidedAt)}`}
      </Typography>
      {request.reason && <Typography variant="body2">Reason: {request.reason}</Typography>}
      {request.state === 'REQUESTED' && manages && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button variant="contained" onClick={onApprove}>
            Approve
          </Button>
          <Button variant="outlined" color="error" onClick={onDecline}>
            Decline
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/**
 * The Guardian requests screen (decision 064): guardians' requests for another guardian of their child, waiting
 * for the office (oldest first), approved and declined ones (`?state=`).
 */
export function GuardianRequestsPage() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('state'));
  const requests = useGuardianRequests(state);
  const [approving, setApproving] = useState<GuardianRequest | null>(null);
  const [declining, setDeclining] = useState<GuardianRequest | null>(null);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Guardian requests
      </Typography>
      <Tabs
        value={state}
        onChange={(_, value: GuardianRequestState) => setParams({ state: value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Guardian request states"
      >
        {GUARDIAN_REQUEST_STATES.map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} />
        ))}
      </Tabs>
      {requests.isPending ? (
        <PageLoader />
      ) : requests.isError ? (
        <RetryAlert error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <Alert severity="info">{EMPTY[state]}</Alert>
      ) : (
        <Stack
          spacing={1.5}
          component="ul"
          aria-label="Guardian requests"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {requests.data.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              onApprove={() => setApproving(request)}
              onDecline={() => setDeclining(request)}
            />
          ))}
        </Stack>
      )}
      {approving && <ApproveGuardianDialog request={approving} onClose={() => setApproving(null)} />}
      {declining && <DeclineGuardianDialog request={declining} onClose={() => setDeclining(null)} />}
    </Stack>
  );
}
