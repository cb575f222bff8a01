import {
  MESSAGES,
  type LoginAnswer,
  type SecondFactorSignInInput,
  type SuccessEnvelope,
  type TotpEnrolment,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { createPasskey } from '../../lib/device/passkey-browser';

/*
 * The sign-in step speaks for a pending token, never for a stored session: no token is sent, and a 401 (the step
 * ran out) ends nothing.
 */

export function completeSecondFactor(input: SecondFactorSignInInput): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('POST', '/auth/second-factor', input, { token: null });
}

export async function startEnrolmentAtSignIn(pendingToken: string): Promise<TotpEnrolment> {
  const answer = await apiRequest<SuccessEnvelope<TotpEnrolment>>(
    'POST',
    '/auth/second-factor/enrol',
    { pendingToken },
    { token: null },
  );
  if (!answer.data) throw new Error(MESSAGES.serverError);
  return answer.data;
}

export function confirmEnrolmentAtSignIn(
  pendingToken: string,
  code: string,
): Promise<LoginAnswer & { recoveryCodes: string[] }> {
  return apiRequest('POST', '/auth/second-factor/enrol/confirm', { pendingToken, code }, { token: null });
}

/** The browser's options for this step's passkey (a challenge the server keeps for the step). */
export async function passkeyOptionsAtSignIn(
  pendingToken: string,
  purpose: 'sign-in' | 'enrol' = 'sign-in',
): Promise<Record<string, unknown>> {
  const answer = await apiRequest<SuccessEnvelope<{ options: Record<string, unknown> }>>(
    'POST',
    purpose === 'sign-in'
      ? '/auth/second-factor/passkey-options'
      : '/auth/second-factor/enrol/passkey-options',
    { pendingToken },
    { token: null },
  );
  if (!answer.data) throw new Error(MESSAGES.serverError);
  return answer.data.options;
}

/** A passkey as the required factor, at sign-in: the browser's prompt, then the session and recovery codes. */
export async function enrolPasskeyAtSignIn(
  pendingToken: string,
  label: string,
): Promise<LoginAnswer & { recoveryCodes: string[] }> {
  const credential = await createPasskey(await passkeyOptionsAtSignIn(pendingToken, 'enrol'));
  return apiRequest(
    'POST',
    '/auth/second-factor/enrol/passkey',
    { pendingToken, label, credential },
    { token: null },
  );
}
