import type {
  ForgotPasswordInput,
  LoginAnswer,
  LogoutAnswer,
  LoginInput,
  LoginStepAnswer,
  resetPasswordSchema,
  SessionUser,
  SuccessEnvelope,
} from '@school-transport/shared';
import type { PublicSsoProvider } from '@school-transport/shared/sso-public';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';

/**
 * Signing in is not done on behalf of a stored session, so no token is sent and a 401 here ends nothing. An
 * administrator with a second factor gets the next step instead of a session (features/second-factor).
 */
export function requestLogin(credentials: LoginInput): Promise<LoginStepAnswer> {
  return apiRequest<LoginStepAnswer>('POST', '/auth/login', credentials, { token: null });
}

/**
 * Revokes `token` on the server. Its outcome does not matter to the caller (the session is dropped locally
 * either way), so failures are swallowed here. After a single sign-on, answers the provider's logout address
 * (decision 070), where the browser goes next to end that session too.
 */
export async function revokeToken(token: string): Promise<string | undefined> {
  try {
    return (await apiRequest<LogoutAnswer>('POST', '/auth/logout', undefined, { token })).endSessionUrl;
  } catch {
    // Already expired, revoked or unreachable: nothing left to undo.
    return undefined;
  }
}

/** The providers staff may sign in with: the Log In screen's buttons. None when the list cannot be had. */
export async function fetchSignInProviders(signal: AbortSignal): Promise<PublicSsoProvider[]> {
  try {
    const answer = await apiRequest<SuccessEnvelope<PublicSsoProvider[]>>(
      'GET',
      '/auth/oidc/providers',
      undefined,
      {
        signal,
        token: null,
      },
    );
    return answer.data ?? [];
  } catch {
    return [];
  }
}

/** Spends the one-time code single sign-on's callback put in the Log In address: the session. */
export function finishSingleSignOn(code: string): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('POST', '/auth/oidc/finish', { code }, { token: null });
}

/** Where the browser goes to sign in through a provider (a full page load: the provider's pages follow). */
export const singleSignOnStart = (slug: string) => `/api/auth/oidc/${encodeURIComponent(slug)}/start`;

export async function fetchCurrentUser(signal: AbortSignal): Promise<SessionUser | null> {
  const answer = await apiRequest<SuccessEnvelope<SessionUser>>('GET', '/auth/me', undefined, { signal });
  return answer.data ?? null;
}

/*
 * Forgot and reset password speak for an address or a mailed link, never for the stored session (a signed-in
 * admin may open someone's invitation link): no token is sent, and a refusal ends no session.
 */

export function requestPasswordReset(input: ForgotPasswordInput): Promise<SuccessEnvelope> {
  return apiRequest<SuccessEnvelope>('POST', '/auth/forgot-password', input, { token: null });
}

export function resetPassword(input: z.output<typeof resetPasswordSchema>): Promise<SuccessEnvelope> {
  return apiRequest<SuccessEnvelope>('POST', '/auth/reset-password', input, { token: null });
}
