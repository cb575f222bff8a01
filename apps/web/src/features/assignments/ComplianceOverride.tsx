import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { OVERRIDABLE_FIELD, overrideReasonField } from '@school-transport/shared';
import { useState } from 'react';
import { ApiError } from '../../lib/api/api-client';

/**
 * An assignment refused for expired blocking credentials (409 with the blockers on `overrideReason`): the
 * blockers are shown and the admin may go ahead by giving a reason, which is sent with the next save.
 */
export function useComplianceOverride() {
  const [blockers, setBlockers] = useState<string[] | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  return {
    /** True when the failure was such a refusal (then shown here, not as a problem above the form). */
    takeRefusal(error: unknown): boolean {
      if (!(error instanceof ApiError) || error.status !== 409 || error.errors.length === 0) return false;
      if (!error.errors.every((e) => e.field === OVERRIDABLE_FIELD)) return false;
      setBlockers(error.errors.map((e) => e.message));
      return true;
    },
    /** The reason to send (undefined before any refusal); null when the typed one is not valid (shown by it). */
    reasonToSend(): string | undefined | null {
      if (blockers === null) return undefined;
      const parsed = overrideReasonField.safeParse(reason);
      setReasonError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason'));
      return parsed.success ? parsed.data : null;
    },
    clear() {
      setBlockers(null);
      setReason('');
      setReasonError(null);
    },
    panel: blockers && (
      <Alert severity="warning">
        <AlertTitle>Expired credentials block this assignment</AlertTitle>
        <Stack spacing={1}>
          {blockers.map((blocker) => (
            <span key={blocker}>{blocker}</span>
          ))}
          <TextField
            label="Override reason"
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError !== null}
            helperText={reasonError ?? 'Saving again with a reason overrides the blockers; it is audited.'}
            fullWidth
          />
        </Stack>
      </Alert>
    ),
  };
}
