import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  accountRoutes,
  createAccountService,
  createInvitationSender,
  createParentProfileService,
  createRoleAccountService,
  createStaffService,
  parentProfileRoutes,
  roleAccountRoutes,
  staffRoutes,
} from './accounts/index.js';
import { auditRetentionJob, auditRoutes } from './audit/index.js';
import {
  authRoutes,
  createAuthenticator,
  createAuthService,
  createSecondFactorService,
  loginRefusal,
  pruneSignInLeftovers,
  refusalMessage,
  relyingPartyOf,
  secondFactorRoutes,
  secretBox,
} from './auth/index.js';
import { healthRoutes } from './health/index.js';
import { createLanguageService, languageRoutes, messageCatalogues } from './i18n/index.js';
import { createJobRunner } from './jobs/index.js';
import { createMailer } from './mail/index.js';
import { settingsRoutes } from './settings/index.js';
import { createSsoService, pruneSsoSignIns, ssoRoutes } from './sso/index.js';
import { createImageStorage, createImageUrls, serverSecret } from './uploads/index.js';

/** What app.ts builds before the wings, and every wing builds on. */
export interface SharedServices {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The HTTP routes of a wing's modules, registered under /api by app.ts. */
export type WingRoutes = FastifyPluginAsync[];

/** The sign-in's lockout in words, shared by the password step and the second factor's (auth-service.ts). */
function signInRefusal(db: Database) {
  return async function refusal(email: string, ip: string, now: Date): Promise<string | null> {
    const refused = await loginRefusal(db, email, ip, now);
    return refused && refusalMessage(refused);
  };
}

/**
 * The platform wing: what every other wing stands on. Sign-in and sessions, accounts, mail, the stored images and
 * their signed addresses, the job runner, the audit log's routes and retention, health and public settings, the
 * languages of the texts sent to parents and drivers.
 */
export async function platformWing({ config, database, db, clock, log }: SharedServices) {
  const lifetimes = config.session;
  const publicUrl = config.publicUrl;
  const jobRunner = createJobRunner({ db, clock, timeZone: config.timeZone, log });
  const authenticator = createAuthenticator({ db, clock, lifetimes });
  const secondFactor = createSecondFactorService({
    db,
    clock,
    lifetimes,
    box: secretBox(await serverSecret(db, 'second-factor-secrets')),
    required: config.adminSecondFactorRequired,
    issuer: 'SchoolRide',
    rp: relyingPartyOf(publicUrl, 'SchoolRide'),
    refusal: signInRefusal(db),
  });
  const sso = createSsoService({
    db,
    clock,
    lifetimes,
    box: secretBox(await serverSecret(db, 'sso-client-secrets')),
    publicUrl,
  });
  const auth = createAuthService({
    db,
    clock,
    lifetimes,
    secondFactor,
    staffPasswordsOff: sso.staffPasswordsOff,
  });
  const storage = createImageStorage(config.dataDir);
  const urls = createImageUrls(await serverSecret(db, 'image-url-signing'), clock);
  const mailer = createMailer(config.mail, log, { printUnsent: config.env !== 'production' });
  const accounts = createAccountService({
    db,
    clock,
    mailer,
    publicUrl,
    codeSecret: await serverSecret(db, 'verification-codes'),
    lifetimes,
  });
  const staff = createStaffService({ db, clock, mailer, publicUrl });
  const roleAccounts = createRoleAccountService({
    db,
    clock,
    sendInvitation: createInvitationSender({ db, clock, mailer, publicUrl }),
    publicUrl,
  });
  const parentProfiles = createParentProfileService({ db, clock });
  // Read now, so a catalogue that is not valid JSON stops the start rather than the first notification.
  const languages = createLanguageService({ db, clock, catalogues: messageCatalogues() });

  const routes: WingRoutes = [
    healthRoutes(database, config),
    authRoutes(auth, sso.endSessionUrlOf),
    ssoRoutes(sso),
    secondFactorRoutes(secondFactor),
    auditRoutes(db),
    accountRoutes(accounts),
    staffRoutes(staff),
    roleAccountRoutes(roleAccounts),
    parentProfileRoutes(parentProfiles),
    settingsRoutes(config),
    languageRoutes(languages),
  ];
  const jobs = {
    auditRetention: auditRetentionJob({
      clock,
      retentionDays: config.audit.retentionDays,
      alsoPrune: async (tx, now) => {
        await pruneSignInLeftovers(tx, now);
        await pruneSsoSignIns(tx, now);
      },
    }),
  };
  return { services: { jobRunner, authenticator, mailer, storage, urls, roleAccounts }, routes, jobs };
}
export type PlatformWing = Awaited<ReturnType<typeof platformWing>>;
