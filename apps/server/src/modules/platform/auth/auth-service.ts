import {
  isStaffRole,
  MESSAGES,
  SSO_MESSAGES,
  type LoginInput,
  type SecondFactorStep,
  type SessionUser,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { forbidden, refusal as worded } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { checkPassword, findUserByEmail, isDeactivatedGuardian } from '../users/index.js';
import {
  accountDelayedUntil,
  pairLockedUntil,
  recordFailedLogin,
  signedInFromBefore,
} from './login-failure-queries.js';
import { sessionUserOf } from './second-factor-enrolment.js';
import type { SecondFactorService } from './second-factor-service.js';
import { revokeSession } from './session-queries.js';
import type { AuthenticatedSession, SessionLifetimes } from './sessions.js';
import { openSignedInSession } from './sign-in.js';
import { maySignIn } from './sign-in-roles.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** The request's Accept-Language: the account's languages until it chooses one (decision 053). */
  acceptLanguage?: string;
}

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  lifetimes: SessionLifetimes;
  secondFactor: SecondFactorService;
  /** Whether office staff must sign in through single sign-on (decision 070): their passwords are refused. */
  staffPasswordsOff: () => Promise<boolean>;
}

/** A right password answers a session, or for an administrator with a second factor, the step before it. */
export type LoginResult = { token: string; user: SessionUser } | { secondFactor: SecondFactorStep };

export type AuthService = ReturnType<typeof createAuthService>;

export type LoginRefusal = 'address-locked' | 'account-delayed';

/**
 * Why an attempt is refused before its password is even checked, or null. The pair (e-mail, client address) is
 * locked after a few failures, so an attacker's address is shut out while the owner, elsewhere, still signs in.
 * The account-wide delay slows a guesser spread over many addresses; it spares the addresses this account has
 * signed in from before, so that it cannot be turned into a lockout of the owner.
 */
export async function loginRefusal(
  db: Database,
  email: string,
  ip: string,
  now: Date,
): Promise<LoginRefusal | null> {
  const lockedUntil = await pairLockedUntil(db, email, ip);
  if (lockedUntil && lockedUntil > now) return 'address-locked';
  const delayedUntil = await accountDelayedUntil(db, email);
  if (delayedUntil && delayedUntil > now && !(await signedInFromBefore(db, email, ip))) {
    return 'account-delayed';
  }
  return null;
}

export const refusalMessage = (refusal: LoginRefusal): string =>
  refusal === 'address-locked' ? MESSAGES.accountLocked : MESSAGES.accountDelayed;

/** The same refusal worded from the catalogue: the phone apps' sign-in shows it in their language. */
const refusalWords = (refusal: LoginRefusal) => ({
  code: refusal === 'address-locked' ? 'refusal.accountLocked' : 'refusal.accountDelayed',
});

export function createAuthService({
  db,
  clock,
  lifetimes,
  secondFactor,
  staffPasswordsOff,
}: AuthServiceDeps) {
  return {
    /**
     * Wrong e-mail, wrong password and an account that may not sign in (a driver or parent, sign-in-roles.ts)
     * take the same path (one argon2 verification, one failure counted against the pair and the account) and give
     * the same answer, so neither the answer nor the lockout tells anybody which addresses have accounts.
     */
    async login(input: LoginInput, client: ClientInfo): Promise<LoginResult> {
      const email = input.email.toLowerCase();
      const now = clock();
      const refusal = await loginRefusal(db, email, client.ip, now);
      if (refusal) throw worded(429, refusalWords(refusal));

      const found = await findUserByEmail(db, email);
      const passwordMatches = await checkPassword(found?.passwordHash, input.password);
      const user = found && passwordMatches && maySignIn(found) ? found : undefined;
      if (!user) {
        await recordFailedLogin(db, email, client.ip, now);
        await recordAudit(db, {
          actor: null,
          action: 'auth.login_failed',
          details: { email },
          ip: client.ip,
        });
        throw worded(401, { code: 'refusal.invalidCredentials' });
      }
      // Only someone who knows the password learns that the account is disabled.
      if (user.disabledAt)
        throw worded(403, {
          // A guardian gone from the roster is told why, not sent to an administrator (decision 076).
          code:
            user.role === 'parent' && (await isDeactivatedGuardian(db, user.id))
              ? 'refusal.guardianDeactivated'
              : 'refusal.accountDisabled',
        });
      // Likewise only after the right password: nobody learns from it which addresses are staff accounts.
      if (isStaffRole(user.role) && (await staffPasswordsOff())) {
        await recordAudit(db, { actor: user, action: 'auth.password_refused_sso_only', ip: client.ip });
        throw forbidden(SSO_MESSAGES.staffPasswordsOff);
      }

      // The failure counts stay until the second step is passed too: a right password alone does not reset
      // the lockout that wrong codes build up.
      const step = await secondFactor.stepAfterPassword(user);
      if (step) return { secondFactor: step };

      const sessionUser = sessionUserOf(user);
      const token = await db.transaction((tx) =>
        openSignedInSession(tx, sessionUser, client, now, lifetimes),
      );
      return { token, user: sessionUser };
    },

    async logout(session: AuthenticatedSession, client: ClientInfo): Promise<void> {
      await db.transaction(async (tx) => {
        await revokeSession(tx, session.sessionId, clock());
        await recordAudit(tx, {
          actor: session.user,
          action: 'auth.logout',
          entityType: 'session',
          entityId: session.sessionId,
          ip: client.ip,
        });
      });
    },
  };
}
