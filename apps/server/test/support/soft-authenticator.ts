import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for API tests: a real protocol peer of the server, not a mock of its
 * library. It makes an ES256 key with node:crypto, answers registration options with attestation 'none' (CBOR
 * attestation object, authenticator data with rpIdHash, flags, counter and the COSE public key), and answers
 * authentication options with an assertion signed over authenticatorData + SHA-256(clientDataJSON), as a browser
 * and an authenticator would. It plays the browser too: clientDataJSON carries the origin it is given.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** The small part of CBOR (RFC 8949) WebAuthn needs: integers, byte and text strings, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) {
      const bytes = Buffer.alloc(3);
      bytes[0] = (major << 5) | 25;
      bytes.writeUInt16BE(length, 1);
      return bytes;
    }
    const bytes = Buffer.alloc(5);
    bytes[0] = (major << 5) | 26;
    bytes.writeUInt32BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Key {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface SoftAuthenticator {
  readonly credentialId: string;
  /** The signature counter the next assertion will carry (the authenticator adds one before each). */
  counter: number;
  /** navigator.credentials.create: the RegistrationResponseJSON for these options (from the server). */
  register(options: { challenge: string; rp: { id?: string } }): object;
  /** navigator.credentials.get: the AuthenticationResponseJSON for these options. */
  assert(options: { challenge: string; rpId?: string }): {
    id: string;
    response: { signature: string; authenticatorData: string; clientDataJSON: string };
  };
  /** A copy of this authenticator with the same key and counter, as a cloned device would be. */
  clone(): SoftAuthenticator;
}

/** `keepsCounter: false`: an authenticator that reports 0 every time, as synced passkeys do. */
export function softAuthenticator(
  origin: string,
  key?: Key,
  startCounter = 0,
  { keepsCounter = true } = {},
): SoftAuthenticator {
  const made =
    key ??
    (() => {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      return { credentialId: randomBytes(16), ...pair };
    })();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authenticator: SoftAuthenticator = {
    credentialId: b64url(made.credentialId),
    counter: startCounter,
    register(options) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const jwk = made.publicKey.export({ format: 'jwk' });
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(made.credentialId.length);
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(authenticator.counter);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        counter,
        Buffer.alloc(16), // AAGUID: none
        idLength,
        made.credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert(options) {
      const rpId = options.rpId ?? new URL(origin).hostname;
      if (keepsCounter) authenticator.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(authenticator.counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | FLAG_UV]), counter]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), made.privateKey);
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
    clone: () => softAuthenticator(origin, made, authenticator.counter),
  };
  return authenticator;
}
