import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { finishTripInputSchema, type Manifest } from '@school-transport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { finishTrip } from './driver-api';
import { useDriverToken } from './driver-session';
import { useDriverSync } from './driver-sync';
import { waitingText } from './WaitingBanner';

interface FinishTripProps {
  manifest: Manifest;
  /** Everyone on board as this phone knows it, children of other buses too (by id or, unplaced, by card). */
  boarded: Array<{ studentId: string } | { tagId: string }>;
  /** Records ALIGHT for each of these children (a morning run's arrival at school). */
  alightAll: (children: Array<{ studentId: string } | { tagId: string }>) => Promise<void>;
}

/**
 * A refusal to finish that a reason overcomes: the server names the `reason` field. It decides from its own
 * events, not from what this phone shows, so the dialog opens whatever the phone counts on board: the trip is never
 * stuck without a way to finish. Other 409s (finished already, cancelled) are only said.
 */
export function asksForReason(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status === 409 && error.errors.some((item) => item.field === 'reason')
  );
}

/**
 * Finishing: what the phone holds is sent first, since the server decides from the events it has whether
 * anyone is still on board. If someone is, the server refuses and the driver says why (kept for the office).
 */
export function FinishTrip({ manifest, boarded, alightAll }: FinishTripProps) {
  const token = useDriverToken();
  const { flushNow } = useDriverSync();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [askReason, setAskReason] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async (withReason: string | null) => {
    setBusy(true);
    setProblem(null);
    try {
      const waiting = await flushNow();
      if (waiting > 0) {
        setProblem(`${waitingText(waiting)}. Finish the trip once the phone is connected.`);
        return;
      }
      await finishTrip(token, manifest.tripId, { reason: withReason });
      setAskReason(null);
      await queryClient.invalidateQueries({ queryKey: ['driver'] });
    } catch (error) {
      if (withReason === null && asksForReason(error)) {
        setAskReason(error.message);
      } else {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const submitReason = () => {
    const parsed = finishTripInputSchema.safeParse({ reason });
    if (!parsed.success || !parsed.data.reason) {
      setReasonError(
        parsed.success ? 'Say why children are still on the bus' : parsed.error.issues[0]!.message,
      );
      return;
    }
    setReasonError(null);
    void finish(parsed.data.reason);
  };

  return (
    <Stack spacing={1.5}>
      {problem && <Alert severity="error">{problem}</Alert>}
      {manifest.type === 'PICKUP' && boarded.length > 0 && (
        <Button
          variant="contained"
          size="large"
          loading={busy}
          onClick={async () => {
            await alightAll(boarded);
            await finish(null);
          }}
        >
          All {boarded.length} leave at school, finish
        </Button>
      )}
      <Button
        variant={manifest.type === 'PICKUP' && boarded.length > 0 ? 'outlined' : 'contained'}
        size="large"
        loading={busy}
        onClick={() => void finish(null)}
      >
        Finish trip
      </Button>
      <Dialog open={askReason !== null} onClose={() => setAskReason(null)} fullWidth maxWidth="xs">
        <DialogTitle>Children are still on the bus</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{askReason}</DialogContentText>
          <TextField
            label="Why finish now?"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            required
            error={reasonError !== null}
            helperText={reasonError ?? 'The office sees this with the trip.'}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskReason(null)}>Cancel</Button>
          <Button variant="contained" loading={busy} onClick={submitReason}>
            Finish with this reason
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
