import * as oidc from 'openid-client';

/**
 * The relying party's side of OpenID Connect, through openid-client (decision 070): discovery, the authorization
 * request with PKCE (S256), state and nonce, and the code exchange whose ID token is checked for issuer, audience,
 * expiry, nonce and, with non-repudiation checks on, its signature against the provider's JWKS (openid-client
 * otherwise trusts TLS for an ID token from the token endpoint; we check the signature whatever the transport).
 */

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** Plain http is allowed only for a provider on this machine (a test's, a developer's); anywhere else, https. */
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export async function discover(provider: ProviderClient): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  const config = await oidc.discovery(
    issuer,
    provider.clientId,
    undefined,
    provider.clientSecret === null ? oidc.None() : oidc.ClientSecretBasic(provider.clientSecret),
    {
      execute: insecure
        ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
        : [oidc.enableNonRepudiationChecks],
      timeout: 10,
    },
  );
  return config;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationStart(
  config: oidc.Configuration,
  redirectUri: string,
): Promise<AuthorizationStart> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * The ID token's claims after every check, or a thrown error (the provider's, or a failed check). A provider may
 * keep e-mail and other profile claims out of the ID token and answer them at its UserInfo endpoint (oidc-provider
 * does, by default, when an access token is issued): they are then fetched there, for the same subject only.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
  wanted: string[],
): Promise<Record<string, unknown>> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims: Record<string, unknown> = { ...tokens.claims()! };
  const missing = wanted.filter((name) => claims[name] === undefined);
  if (missing.length > 0 && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub as string);
    for (const name of missing) claims[name] = info[name];
  }
  return claims;
}

/** The provider's logout address, if it advertises one (RP-initiated logout). */
export function endSessionUrl(config: oidc.Configuration, postLogoutRedirectUri: string): string | undefined {
  if (!config.serverMetadata().end_session_endpoint) return undefined;
  return oidc.buildEndSessionUrl(config, {
    client_id: config.clientMetadata().client_id,
    post_logout_redirect_uri: postLogoutRedirectUri,
  }).href;
}

/** Whether the provider itself refused (the person cancelled, a wrong client): not an attack on the answer. */
export const isProviderRefusal = (error: unknown): boolean =>
  error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError;
