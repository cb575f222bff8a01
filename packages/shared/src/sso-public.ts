/**
 * What Log In shows of single sign-on (decision 070): the providers' buttons and the words of a refused sign-in.
 * A module of its own, imported by its path ('@school-transport/shared/sso-public') and not through the package's
 * index, so that the first screen carries neither classic zod nor what the public pages share (decision 015's
 * budget). sso.ts has the rest.
 */

/** A provider as Log In lists it (GET /api/auth/oidc/providers). */
export interface PublicSsoProvider {
  slug: string;
  name: string;
}

/**
 * Why a sign-in through a provider was refused; the callback sends the browser to the Log In screen with one of
 * these, which it words (SSO_REFUSALS). Never says more than the person at the browser may know.
 */
export const SSO_REFUSAL_REASONS = [
  'provider-error',
  'invalid-response',
  'email-unverified',
  'no-account',
  'expired',
] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];

export const SSO_REFUSALS: Record<SsoRefusalReason, string> = {
  'provider-error': 'The sign-in provider did not sign you in. Please try again.',
  'invalid-response':
    'The answer from the sign-in provider could not be trusted, so you were not signed in. Please try again.',
  'email-unverified':
    'Your sign-in provider has not verified your e-mail address, so it cannot be matched to an account here.',
  'no-account':
    'There is no active office account here for the e-mail address of your sign-in provider. Ask an administrator to add you.',
  expired: 'This sign-in took too long or was already used. Please sign in again.',
};
