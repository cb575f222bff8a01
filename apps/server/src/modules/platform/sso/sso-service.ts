import type { Configuration } from 'openid-client';
import {
  isStaffRole,
  SSO_MESSAGES,
  type Role,
  type SessionUser,
  type SsoProvider,
  type ssoProviderInputSchema,
} from '@school-transport/shared';
import type { SsoRefusalReason } from '@school-transport/shared/sso-public';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound, unauthorized } from '../../../lib/errors.js';
import type { ChangeActor as AuditActor } from '../../../lib/change-context.js';
import { recordAudit } from '../audit/index.js';
import {
  hashToken,
  newToken,
  openSignedInSession,
  sessionUserOf,
  type SecretBox,
  type SessionLifetimes,
} from '../auth/index.js';
import { findUserByEmail, findUserById } from '../users/index.js';
import {
  authorizationStart,
  discover,
  endSessionUrl,
  exchangeCode,
  isProviderRefusal,
} from './oidc-client.js';
import * as q from './sso-queries.js';
import { roleFromProvider } from '../accounts/index.js';

/** How long a started sign-in waits for the provider's answer; how long the Log In screen has to spend its code. */
export const SIGN_IN_MS = 10 * 60_000;
export const HAND_OVER_MS = 60_000;

/** The failed check in a few words for the audit log: openid-client wraps the check's own error as its cause. */
function whatFailed(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 300);
}

export interface SsoServiceDeps {
  db: Database;
  clock: Clock;
  lifetimes: SessionLifetimes;
  /** Seals the client secrets (a key of its own from server_secrets). */
  box: SecretBox;
  publicUrl: string;
}

interface Client {
  ip: string;
  userAgent?: string;
  acceptLanguage?: string;
}

export type SsoService = ReturnType<typeof createSsoService>;

type ProviderValues = z.output<typeof ssoProviderInputSchema>;

export function createSsoService({ db, clock, lifetimes, box, publicUrl }: SsoServiceDeps) {
  const base = publicUrl.replace(/\/$/, '');
  const redirectUriOf = (slug: string) => `${base}/api/auth/oidc/${slug}/callback`;
  const postLogoutUri = `${base}/login`;
  const loginWith = (params: Record<string, string>) => `${base}/login?${new URLSearchParams(params)}`;

  /** Discovered configurations, per provider and version: a saved change discovers again. */
  const configs = new Map<string, Promise<Configuration>>();
  function configOf(row: q.SsoProviderRow): Promise<Configuration> {
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    let config = configs.get(key);
    if (!config) {
      config = discover({
        issuer: row.issuer,
        clientId: row.clientId,
        clientSecret: row.encryptedClientSecret ? box.open(row.encryptedClientSecret).toString('utf8') : null,
      });
      configs.set(key, config);
      // A provider that was down is asked again next time.
      config.catch(() => configs.delete(key));
    }
    return config;
  }

  const answerOf = (row: q.SsoProviderRow): SsoProvider => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    hasSecret: row.encryptedClientSecret !== null,
    roleClaim: row.roleClaim,
    roleMap: row.roleMap,
    redirectUri: redirectUriOf(row.slug),
    postLogoutRedirectUri: postLogoutUri,
  });

  /** An issuer that answers no discovery is refused when saved, next to its field, not at someone's sign-in. */
  async function assertDiscoverable(values: ProviderValues, secret: string | null) {
    try {
      await discover({ issuer: values.issuer, clientId: values.clientId, clientSecret: secret });
    } catch {
      throw badRequest(SSO_MESSAGES.discoveryFailed, [
        { field: 'issuer', message: SSO_MESSAGES.discoveryFailed },
      ]);
    }
  }

  const columnsOf = (values: ProviderValues) => ({
    slug: values.slug,
    name: values.name,
    issuer: values.issuer.replace(/\/$/, ''),
    clientId: values.clientId,
    roleClaim: values.roleClaim || null,
    roleMap: values.roleClaim ? values.roleMap : [],
  });

  async function refuse(
    reason: SsoRefusalReason,
    provider: string,
    ip: string,
    more?: Record<string, unknown>,
  ) {
    await recordAudit(db, {
      actor: null,
      action: 'auth.sso_refused',
      details: { provider, reason, ...more },
      ip,
    });
    return loginWith({ sso_refused: reason });
  }

  /** The role the provider's claim gives, by the office's mapping; undefined: the account keeps its role. */
  function mappedRole(row: q.SsoProviderRow, claims: Record<string, unknown>): Role | undefined {
    if (!row.roleClaim) return undefined;
    const raw = claims[row.roleClaim];
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    return row.roleMap.find((entry) => values.includes(entry.value) && isStaffRole(entry.role))?.role;
  }

  return {
    publicProviders: async () => (await q.listProviders(db)).map(({ slug, name }) => ({ slug, name })),

    listProviders: async () => (await q.listProviders(db)).map(answerOf),

    async createProvider(values: ProviderValues, actor: AuditActor, ip: string): Promise<SsoProvider> {
      if (await q.slugTaken(db, values.slug))
        throw conflict(SSO_MESSAGES.slugTaken, [{ field: 'slug', message: SSO_MESSAGES.slugTaken }]);
      const secret = values.clientSecret || null;
      await assertDiscoverable(values, secret);
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await q.insertProvider(tx, {
          ...columnsOf(values),
          encryptedClientSecret: secret === null ? null : box.seal(Buffer.from(secret, 'utf8')),
          createdAt: now,
          updatedAt: now,
        });
        if (!row)
          throw conflict(SSO_MESSAGES.slugTaken, [{ field: 'slug', message: SSO_MESSAGES.slugTaken }]);
        await recordAudit(tx, {
          actor,
          action: 'sso.provider_created',
          entityType: 'sso_provider',
          entityId: row.id,
          details: { slug: row.slug, issuer: row.issuer },
          ip,
        });
        return answerOf(row);
      });
    },

    async updateProvider(
      id: string,
      values: ProviderValues,
      actor: AuditActor,
      ip: string,
    ): Promise<SsoProvider> {
      const before = await q.findProvider(db, { id });
      if (!before) throw notFound(SSO_MESSAGES.providerNotFound);
      if (await q.slugTaken(db, values.slug, id))
        throw conflict(SSO_MESSAGES.slugTaken, [{ field: 'slug', message: SSO_MESSAGES.slugTaken }]);
      // An empty secret keeps the stored one: the form never shows it.
      const sealed = values.clientSecret
        ? box.seal(Buffer.from(values.clientSecret, 'utf8'))
        : before.encryptedClientSecret;
      await assertDiscoverable(values, sealed === null ? null : box.open(sealed).toString('utf8'));
      return db.transaction(async (tx) => {
        const row = await q.updateProvider(tx, id, {
          ...columnsOf(values),
          encryptedClientSecret: sealed,
          updatedAt: clock(),
        });
        if (!row) throw notFound(SSO_MESSAGES.providerNotFound);
        await recordAudit(tx, {
          actor,
          action: 'sso.provider_updated',
          entityType: 'sso_provider',
          entityId: id,
          details: { slug: row.slug, secretChanged: Boolean(values.clientSecret) },
          ip,
        });
        return answerOf(row);
      });
    },

    async deleteProvider(id: string, actor: AuditActor, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        await q.lockSignInSettings(tx, clock());
        if ((await q.staffPasswordsOff(tx)) && (await q.countProviders(tx)) <= 1) {
          throw conflict(SSO_MESSAGES.lastProviderWhilePasswordsOff);
        }
        const row = await q.deleteProvider(tx, id);
        if (!row) throw notFound(SSO_MESSAGES.providerNotFound);
        await recordAudit(tx, {
          actor,
          action: 'sso.provider_deleted',
          entityType: 'sso_provider',
          entityId: id,
          details: { slug: row.slug },
          ip,
        });
      });
    },

    settings: async () => ({ staffPasswordsOff: await q.staffPasswordsOff(db) }),

    staffPasswordsOff: () => q.staffPasswordsOff(db),

    async saveSettings(settings: { staffPasswordsOff: boolean }, actor: AuditActor, ip: string) {
      await db.transaction(async (tx) => {
        const now = clock();
        await q.lockSignInSettings(tx, now);
        if (settings.staffPasswordsOff && (await q.countProviders(tx)) === 0) {
          throw conflict(SSO_MESSAGES.noProviderForPasswordsOff);
        }
        await q.saveStaffPasswordsOff(tx, settings.staffPasswordsOff, now);
        await recordAudit(tx, { actor, action: 'sso.settings_changed', details: settings, ip });
      });
      return settings;
    },

    /** Where GET /auth/oidc/:provider/start sends the browser: the provider, or back to Log In with a refusal. */
    async start(slug: string, client: Client): Promise<string> {
      const row = await q.findProvider(db, { slug });
      if (!row) throw notFound(SSO_MESSAGES.providerNotFound);
      let started;
      try {
        started = await authorizationStart(await configOf(row), redirectUriOf(slug));
      } catch {
        return refuse('provider-error', slug, client.ip, { step: 'discovery' });
      }
      await q.insertSignIn(db, {
        stateHash: hashToken(started.state),
        providerId: row.id,
        codeVerifier: started.codeVerifier,
        nonce: started.nonce,
        expiresAt: new Date(clock().getTime() + SIGN_IN_MS),
      });
      return started.url;
    },

    /**
     * The provider's answer: the code exchanged and the ID token checked, then the account found by its verified
     * e-mail. Answers where the browser goes next: Log In with a one-time code for the session, or with a refusal.
     */
    async callback(slug: string, query: string, client: Client): Promise<string> {
      const row = await q.findProvider(db, { slug });
      if (!row) throw notFound(SSO_MESSAGES.providerNotFound);
      const params = new URLSearchParams(query);
      const state = params.get('state');
      const signIn = state ? await q.takeSignIn(db, hashToken(state), clock()) : undefined;
      if (!signIn || signIn.providerId !== row.id) return refuse('expired', slug, client.ip);

      let claims: Record<string, unknown>;
      try {
        const url = new URL(`${redirectUriOf(slug)}?${params}`);
        claims = await exchangeCode(
          await configOf(row),
          url,
          { state: state!, nonce: signIn.nonce, codeVerifier: signIn.codeVerifier },
          ['email', 'email_verified', ...(row.roleClaim ? [row.roleClaim] : [])],
        );
      } catch (error) {
        await q.dropSignIn(db, signIn.id);
        const reason = isProviderRefusal(error) ? 'provider-error' : 'invalid-response';
        return refuse(reason, slug, client.ip, { error: whatFailed(error) });
      }

      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      // Only an address the provider vouches for links to an account: anyone can type an address into a profile.
      if (!email || claims.email_verified !== true) {
        await q.dropSignIn(db, signIn.id);
        return refuse('email-unverified', slug, client.ip, { email });
      }
      const user = await findUserByEmail(db, email);
      if (!user || user.disabledAt || !isStaffRole(user.role)) {
        await q.dropSignIn(db, signIn.id);
        return refuse('no-account', slug, client.ip, { email });
      }

      const role = mappedRole(row, claims);
      const code = newToken();
      await db.transaction(async (tx) => {
        const given = role && isStaffRole(role) ? await roleFromProvider(tx, user, role, clock()) : null;
        if (given && (given.changed || given.kept))
          await recordAudit(tx, {
            actor: null,
            action: given.changed ? 'user.role_from_sso' : 'user.role_from_sso_kept',
            entityType: 'user',
            entityId: user.id,
            details: {
              provider: slug,
              from: user.role,
              to: role,
              ...(given.kept && { kept: given.kept }),
            },
            ip: client.ip,
          });
        await q.markSignInMatched(
          tx,
          signIn.id,
          user.id,
          hashToken(code),
          new Date(clock().getTime() + HAND_OVER_MS),
        );
      });
      return loginWith({ sso_code: code });
    },

    /** The Log In screen spends the callback's code: the same session a password sign-in opens. */
    async finish(code: string, client: Client): Promise<{ token: string; user: SessionUser }> {
      const now = clock();
      return db.transaction(async (tx) => {
        const handOver = await q.takeHandOver(tx, hashToken(code), now);
        const user = handOver && (await findUserById(tx, handOver.userId));
        if (!handOver || !user || user.disabledAt) throw unauthorized(SSO_MESSAGES.handOverInvalid);
        const provider = await q.findProvider(tx, { id: handOver.providerId });
        const sessionUser = sessionUserOf(user);
        const token = await openSignedInSession(tx, sessionUser, client, now, lifetimes, undefined, {
          sso: provider?.slug ?? 'removed',
        });
        await q.markSessionSso(tx, hashToken(token), handOver.providerId);
        return { token, user: sessionUser };
      });
    },

    /** After a single sign-on, the provider's logout address (if it has one) for the browser to visit. */
    async endSessionUrlOf(sessionId: string): Promise<string | undefined> {
      const row = await q.sessionProvider(db, sessionId);
      if (!row) return undefined;
      try {
        return endSessionUrl(await configOf(row), postLogoutUri);
      } catch {
        return undefined;
      }
    },
  };
}
