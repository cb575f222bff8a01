// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration, which an import cannot bring into the programs that import this file (apps/server, e2e)
/// <reference path="./oidc-provider.d.ts" />
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on a random port of 127.0.0.1, for the single sign-on tests
 * (decision 070): one confidential client that must use PKCE, accounts made up from what is typed at its
 * development login form (the login is the e-mail; an e-mail starting with `unverified` is not verified), the
 * grant given without a consent screen. An account's `groups` claim (UserInfo, scope openid) is what
 * `options.groups` gives for its e-mail, as a district's directory lists its groups (decision 077's role mapping).
 * It sits behind a small proxy of its own, which can rewrite the ID token
 * of the next token answer (`tamperNext`): re-signed with the provider's real key or with a rogue one, so the
 * relying party's checks of signature, audience, expiry and nonce meet a real token that fails just one of them.
 */
export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The next /token answer's ID token gets these claims, signed with the provider's key or, `rogueKey`, another. */
  tamperNext(change: { claims?: Record<string, unknown>; rogueKey?: boolean }): void;
  close(): Promise<void>;
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 JWT with `payload`, signed by `key`, keeping the original header (its kid). */
function resign(token: string, change: Record<string, unknown>, key: KeyObject): string {
  const [header, payload] = token.split('.') as [string, string];
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), ...change };
  const signingInput = `${header}.${base64url(claims)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), key).toString('base64url')}`;
}

export async function startOpenIdProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** The directory's groups of an account (its e-mail); none: the account has no `groups` claim. */
  groups?: (email: string) => string[] | undefined;
}): Promise<OpenIdProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const rogueKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const clientId = 'schoolride';
  const clientSecret = 'a-client-secret-for-the-tests';

  const inner = http.createServer();
  const innerPort = await listen(inner);
  const front = http.createServer();
  const port = await listen(front);
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['cookie-key-for-the-tests'] },
    pkce: { required: () => true },
    claims: { openid: ['sub', 'groups'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => {
        const groups = options.groups?.(id);
        return {
          sub: id,
          email: id,
          email_verified: !id.startsWith('unverified'),
          name: id,
          ...(groups && { groups }),
        };
      },
    }),
    // Staff have agreed already: no consent screen between the login and the answer.
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string } };
    }) => {
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.proxy = true;
  inner.on('request', provider.callback());

  let tamper: { claims?: Record<string, unknown>; rogueKey?: boolean } | null = null;
  const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });
  front.on('request', (req, res) => {
    const forwarded = http.request(
      { host: '127.0.0.1', port: innerPort, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const change = req.url?.startsWith('/token') ? tamper : null;
        if (!change) {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
          return;
        }
        tamper = null;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (typeof body.id_token === 'string') {
            body.id_token = resign(
              body.id_token,
              change.claims ?? {},
              change.rogueKey ? rogueKey : signingKey,
            );
          }
          const text = JSON.stringify(body);
          const { 'content-length': _length, ...headers } = answer.headers;
          res.writeHead(answer.statusCode!, { ...headers, 'content-length': Buffer.byteLength(text) });
          res.end(text);
        });
      },
    );
    req.pipe(forwarded);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    tamperNext: (change) => void (tamper = change),
    close: async () => {
      await Promise.all([
        new Promise((resolve) => front.close(resolve)),
        new Promise((resolve) => inner.close(resolve)),
      ]);
    },
  };
}

/**
 * Signs `login` in at the provider the way a browser would: follows the provider's redirects with its cookies,
 * posts the development login form, and answers the URL it finally sends the browser to (the relying party's
 * callback, with code and state, or an error).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  issuer: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const answer = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(';') as [string];
      const split = pair.indexOf('=');
      cookies.set(pair.slice(0, split), pair.slice(split + 1));
    }
    body = undefined;
    const location = answer.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (!url.href.startsWith(issuer)) return url;
      continue;
    }
    // The development login form: any password is taken.
    await answer.text();
    if (answer.status !== 200 || !url.pathname.startsWith('/interaction/')) {
      throw new Error(`The provider answered ${answer.status} at ${url.pathname}`);
    }
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('The provider redirected too many times');
}
