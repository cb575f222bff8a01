import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError } from '../api/api-client';

/**
 * The browser's side of passkeys (navigator.credentials through @simplewebauthn/browser). A refusal of the
 * browser's (cancelled, timed out, no passkey here) becomes an ApiError with words, so forms show it like the
 * server's refusals instead of "something went wrong".
 */
const PASSKEY_CANCELLED =
  'The passkey was not used: the request was cancelled, timed out, or this device has no passkey for this account.';

async function inWords<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    throw error instanceof ApiError ? error : new ApiError(400, PASSKEY_CANCELLED);
  }
}

/** The extensions' outputs as a plain record, the shape the shared schemas check. */
const plain = <T extends { clientExtensionResults: object }>(
  response: T,
): Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } => ({
  ...response,
  clientExtensionResults: { ...response.clientExtensionResults } as Record<string, unknown>,
});

/** The server's registration options (passed through as JSON) to a new credential, for adding a passkey. */
export const createPasskey = (options: Record<string, unknown>) =>
  inWords(async () =>
    plain(
      await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
    ),
  );

/** The server's authentication options to an assertion, for the sign-in step. */
export const assertPasskey = (options: Record<string, unknown>) =>
  inWords(async () =>
    plain(
      await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
    ),
  );
