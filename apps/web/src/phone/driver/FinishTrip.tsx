import { finishTripInputSchema, type Manifest } from '@school-transport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api/api-client';
import { Alert, Button, Dialog, Stack, Text, TextArea } from '../kit';
import { useT } from '../i18n';
import { finishTrip } from './driver-api';
import { useDriverToken } from './driver-session';
import { useDriverSync } from './driver-sync';

/** The longest reason the server takes (finishTripInputSchema). */
const REASON_MAX = 500;

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
  const { t } = useT();
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
        setProblem(t('finish.waiting', { count: waiting }));
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
      setReasonError(t('finish.reason.missing'));
      return;
    }
    setReasonError(null);
    void finish(parsed.data.reason);
  };

  const allLeave = manifest.type === 'PICKUP' && boarded.length > 0;
  return (
    <Stack gap={2}>
      {problem && <Alert tone="error">{problem}</Alert>}
      {allLeave && (
        <Button
          variant="filled"
          fullWidth
          busy={busy}
          onClick={async () => {
            await alightAll(boarded);
            await finish(null);
          }}
        >
          {t('finish.allLeave', { count: boarded.length })}
        </Button>
      )}
      <Button
        variant={allLeave ? 'outlined' : 'filled'}
        fullWidth
        busy={busy}
        onClick={() => void finish(null)}
      >
        {t('finish.button')}
      </Button>
      <Dialog
        open={askReason !== null}
        onClose={() => setAskReason(null)}
        title={t('finish.reason.title')}
        actions={
          <>
            <Button variant="text" tone="neutral" onClick={() => setAskReason(null)}>
              {t('kit.cancel')}
            </Button>
            <Button variant="filled" busy={busy} onClick={submitReason}>
              {t('finish.reason.confirm')}
            </Button>
          </>
        }
      >
        <Stack gap={2}>
          <Text>{askReason}</Text>
          <TextArea
            label={t('finish.reason.label')}
            hint={t('finish.reason.hint')}
            error={reasonError ?? undefined}
            value={reason}
            required
            rows={2}
            maxLength={REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
          />
        </Stack>
      </Dialog>
    </Stack>
  );
}
