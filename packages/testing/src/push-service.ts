/**
 * A browser vendor's push service on loopback, for tests of Web Push: it hands out subscriptions as a browser's
 * PushSubscription.toJSON() gives them, and on each push checks the VAPID signature (RFC 8292), decrypts the
 * aes128gcm body (RFC 8291 over RFC 8188) with the subscription's private key, and keeps the message. Nothing
 * here reaches the internet: it listens on 127.0.0.1 and calls nobody.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  endpoint: string;
  /** The request's headers, names in lower case (ttl, topic, urgency, authorization…). */
  headers: Record<string, string>;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  /** The VAPID JWT's claims and the public key it was signed with (base64url). */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

/** A push the service refused, and why: a test expects none of these unless it made them happen. */
export interface RejectedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface PushService {
  origin: string;
  /** A new browser subscription: its own P-256 key pair and 16-byte auth secret. */
  subscription(): PushSubscriptionJson;
  /** Every message accepted, in order of arrival. */
  messages: PushMessage[];
  rejected: RejectedPush[];
  /** Answer pushes to `endpoint` with this status from now on (410: the browser unsubscribed); null: accept again. */
  answerWith(endpoint: string, status: number | null): void;
  /** How many pushes reached `endpoint`, answered or not. */
  attempts(endpoint: string): number;
  /** The first message (already here or still to come) that matches. */
  waitFor(predicate: (message: PushMessage) => boolean, timeoutMs?: number): Promise<PushMessage>;
  close(): Promise<void>;
}

interface Device {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
  status: number | null;
  attempts: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A 65-byte uncompressed P-256 point as a public key object. */
function publicKeyFromPoint(point: Buffer): crypto.KeyObject {
  if (point.length !== 65 || point[0] !== 4)
    throw new Refusal(401, 'the VAPID key is not an uncompressed P-256 point');
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): ES256 over the JWT, aud our origin, exp to come. */
function verifyVapid(header: string | undefined, origin: string): PushMessage['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Refusal(401, 'no VAPID authorization');
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split('.') as [string, string, string];
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (jose.alg !== 'ES256') throw new Refusal(401, `the JWT is signed with ${jose.alg}, not ES256`);
  const signed = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKeyFromPoint(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refusal(401, 'the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new Refusal(401, `the JWT's audience is ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Refusal(401, 'the JWT has expired');
  if (claims.exp > now + 24 * 3600) throw new Refusal(401, 'the JWT expires more than 24 hours ahead');
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub))
    throw new Refusal(401, 'the JWT has no mailto: or https: subject');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: key };
}

/**
 * The body as the browser decrypts it: the header (salt, record size, the sender's public key), then the key and
 * nonce from ECDH and the auth secret (RFC 8291 section 3.4) and from the salt (RFC 8188 section 2), then each
 * record with AES-128-GCM and its padding removed.
 */
function decrypt(body: Buffer, device: Device): Buffer {
  if (body.length < 21) throw new Refusal(400, 'the body is too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Refusal(400, "the header's key id is not the sender's P-256 public key");
  if (recordSize < 18) throw new Refusal(400, 'the record size is too small');
  const secret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, device.auth, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const baseNonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= records.length;
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number XORed into the nonce's end (its last four bytes: plenty for a test).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let data: Buffer;
    try {
      data = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'a record does not decrypt');
    }
    let end = data.length - 1;
    while (end >= 0 && data[end] === 0) end--;
    if (data[end] !== (last ? 2 : 1)) throw new Refusal(400, "a record's padding delimiter is wrong");
    plain.push(data.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const messages: PushMessage[] = [];
  const rejected: RejectedPush[] = [];
  const waiters = new Set<(message: PushMessage) => void>();
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const device = devices.get(endpoint);
      const answer = (status: number, reason?: string) => {
        if (reason) rejected.push({ endpoint, status, reason });
        response.writeHead(status).end();
      };
      if (request.method !== 'POST') return answer(405, `${request.method} is not a push`);
      if (!device) return answer(404, 'no such subscription');
      device.attempts++;
      if (device.status !== null) return answer(device.status);
      try {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        if (headers['content-encoding'] !== 'aes128gcm')
          throw new Refusal(415, `content encoding ${headers['content-encoding']} is not aes128gcm`);
        if (!/^\d+$/.test(headers.ttl ?? '')) throw new Refusal(400, 'no TTL header');
        if (headers.topic !== undefined && !/^[\w-]{1,32}$/.test(headers.topic))
          throw new Refusal(400, 'the Topic header is not at most 32 URL-safe characters');
        const vapid = verifyVapid(headers.authorization, origin);
        const payload: unknown = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8'));
        const message = { endpoint, headers, payload, vapid };
        messages.push(message);
        for (const waiter of waiters) waiter(message);
        answer(201);
      } catch (error) {
        if (error instanceof Refusal) answer(error.status, error.message);
        else answer(400, `the body is not JSON (${(error as Error).message})`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    messages,
    rejected,
    subscription() {
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${origin}/push/${crypto.randomUUID()}`;
      devices.set(endpoint, { ecdh, publicKey, auth, status: null, attempts: 0 });
      return { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    answerWith(endpoint, status) {
      const device = devices.get(endpoint);
      if (!device) throw new Error(`no subscription ${endpoint}`);
      device.status = status;
    },
    attempts: (endpoint) => devices.get(endpoint)?.attempts ?? 0,
    waitFor(predicate, timeoutMs = 30_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (message: PushMessage) => {
          if (!predicate(message)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(message);
        };
        // Not a pause: only how long a message that never comes takes to fail the test.
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching push message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
