import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * The WebAuthn ceremonies of passkeys (a second factor for administrators), through @simplewebauthn/server. The
 * relying party is the server's public address (PUBLIC_URL): its host is the RP id a passkey is bound to, its
 * origin the only one whose responses are taken. The challenges are kept by the caller (passkey-queries.ts).
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * A loopback address (the default PUBLIC_URL, http://127.0.0.1:3000, and the browser tests') cannot be an RP id:
 * browsers take only domain names. `localhost` is the same machine and a secure context, so there passkeys work
 * at http://localhost:<port>.
 */
const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  if (LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name };
}

/** ES256 (every platform authenticator and security key) and RS256 (Windows Hello's older keys). */
const ALGORITHMS = [-7, -257];

/** How long the browser's prompt waits; the server keeps the challenge as long as the pending step. */
const CEREMONY_TIMEOUT_MS = 120_000;

export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: StoredPasskey[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    // The account's id: registering again on the same authenticator replaces its passkey for this account.
    userID: new Uint8Array(Buffer.from(user.id.replace(/-/g, ''), 'hex')),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

/** The new credential of a response to `challenge`, or null when it does not verify. */
export async function verifiedRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<StoredPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // Preferred, not required: the password was the first factor; a security key without a PIN still counts.
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

export async function authenticationOptions(rp: RelyingParty, keys: StoredPasskey[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: key.transports })),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
  });
}

/** The assertion's new signature counter when it verifies against `key` and `challenge`, else null. */
export async function verifiedAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  key: StoredPasskey,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: false,
    });
    // The library also refuses a counter not above the stored one; the update that takes the use checks it again.
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
