import {
  MESSAGES,
  type LoginAnswer,
  type SecondFactorSignInInput,
  type SuccessEnvelope,
  type TotpEnrolment,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api-client';

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
export async function passkeyOptionsAtSignIn(pendingToken: string): Promise<Record<string, unknown>> {
  const answer = await apiRequest<SuccessEnvelope<{ options: Record<string, unknown> }>>(
    'POST',
    '/auth/second-factor/passkey-options',
    { pendingToken },
    { token: null },
  );
  if (!answer.data) throw new Error(MESSAGES.serverError);
  return answer.data.options;
}
