import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { StopChange } from '@school-transport/shared';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { ApiError } from '../../lib/api/api-client';
import { formatMoment } from '../../lib/time/format';
import { DeclineDialog } from './DeclineDialog';
import { useApproveStopChange } from './stop-changes-api';
import { placeOf, RUN_LABELS, whenOf } from './stop-change-words';
import { useMayUse } from '../../lib/session/session';

/** Seats on the target run: a child moved within their own route takes none. */
function seatsText(change: StopChange) {
  if (change.seatsLeft === null) return 'Same route: no seat needed';
  if (change.seatsLeft <= 0) return 'No seat left on the target run';
  return `${change.seatsLeft} seat${change.seatsLeft === 1 ? '' : 's'} left on the target run`;
}

const STATE_COLOURS = {
  REQUESTED: 'warning',
  APPROVED: 'success',
  DECLINED: 'error',
  WITHDRAWN: 'default',
} as const;

/**
 * Stop changes as cards (one column at 390 px): child, when, run, from → to, the parent's note, seats left, and
 * for a pending one Approve (asks first) and Decline (asks for the reason).
 */
export function StopChangeList({ changes, emptyText }: { changes: StopChange[]; emptyText: string }) {
  const [approving, setApproving] = useState<StopChange | null>(null);
  const [declining, setDeclining] = useState<StopChange | null>(null);
  // Deciding and entering stop changes: administrators only (decision 077).
  const decides = useMayUse('admin');
  const approve = useApproveStopChange();
  const { enqueueSnackbar } = useSnackbar();
  if (!changes.length) return <Alert severity="info">{emptyText}</Alert>;

  const confirmApproval = async () => {
    try {
      await approve.mutateAsync(approving!.id);
      enqueueSnackbar('Stop change approved; the parent is told.', { variant: 'success' });
    } catch (error) {
      // A full run answers 409 in words: say them, and keep the dialog open to cancel.
      enqueueSnackbar(error instanceof ApiError ? error.message : 'The change could not be approved.', {
        variant: 'error',
      });
      throw error;
    }
  };

  return (
    <>
      <Stack spacing={1.5} component="ul" aria-label="Stop changes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {changes.map((change) => (
          <Box
            component="li"
            key={change.id}
            aria-label={`Stop change for ${change.studentName}`}
            sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {change.studentName}
              </Typography>
              <Chip size="small" color={STATE_COLOURS[change.state]} label={change.state.toLowerCase()} />
            </Stack>
            <Typography>
              {whenOf(change)} · {RUN_LABELS[change.run]}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {placeOf(change.from)} → {placeOf(change.to)}
            </Typography>
            {change.note && <Typography color="text.secondary">“{change.note}”</Typography>}
            {change.reason && <Typography color="text.secondary">Declined: {change.reason}</Typography>}
            <Typography
              variant="body2"
              color={change.seatsLeft !== null && change.seatsLeft <= 0 ? 'error' : 'text.secondary'}
            >
              {seatsText(change)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Asked {formatMoment(change.requestedAt)}
              {change.requestedBy ? ` by ${change.requestedBy}` : ''}
              {change.decidedAt ? ` · decided ${formatMoment(change.decidedAt)}` : ''}
            </Typography>
            {change.state === 'REQUESTED' && decides && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" onClick={() => setApproving(change)}>
                  Approve
                </Button>
                <Button variant="outlined" color="error" onClick={() => setDeclining(change)}>
                  Decline
                </Button>
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={approving !== null}
        onClose={() => setApproving(null)}
        onConfirm={confirmApproval}
        title="Approve stop change?"
        text={
          approving
            ? `${approving.studentName} rides ${placeOf(approving.to)}: ${whenOf(approving)}, ${RUN_LABELS[approving.run].toLowerCase()}. The manifests follow and the parent is told.`
            : ''
        }
        confirmLabel="Approve"
        confirmColor="primary"
      />
      {declining && <DeclineDialog change={declining} onClose={() => setDeclining(null)} />}
    </>
  );
}
