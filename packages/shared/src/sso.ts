import { z } from 'zod';
import { messageAnswerSchema } from './envelope.js';
import type { PublicSsoProvider } from './sso-public.js';
import { STAFF_ROLES } from './roles.js';

/**
 * Single sign-on for office staff with OpenID Connect (decision 070): providers the office configures, the public
 * list the Log In screen shows, the one-time hand-over code that turns a finished sign-in into a session, and the
 * switch that turns staff passwords off.
 */

export const SSO_MESSAGES = {
  providerCreated: 'Sign-in provider added',
  providerUpdated: 'Sign-in provider saved',
  providerDeleted: 'Sign-in provider removed',
  settingsSaved: 'Sign-in settings saved',
  slugTaken: 'Another provider already uses this short name',
  noProviderForPasswordsOff:
    'Add a single sign-on provider before turning staff passwords off, or nobody on the staff could sign in',
  lastProviderWhilePasswordsOff:
    'Staff passwords are off: turn them back on before removing the last single sign-on provider',
  staffPasswordsOff: 'Staff sign in with single sign-on here: use the button of your organisation below',
  handOverInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  providerNotFound: 'Sign-in provider not found',
  discoveryFailed: 'No OpenID provider answers at this issuer URL (its /.well-known/openid-configuration)',
} as const;

/** A provider's short name: the path segment of its sign-in addresses (/api/auth/oidc/<slug>/start). */
export const ssoSlugField = z
  .string({ error: 'Short name is required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Use 1 to 40 lower-case letters, digits and dashes');

const issuerField = z
  .url({ error: 'Enter the issuer URL, such as https://login.example.org' })
  .trim()
  .max(500)
  .refine((url) => /^https?:\/\//.test(url), 'The issuer URL starts with https://');

/** Claim values to role names; only office roles (STAFF_ROLES): a provider never makes a driver or a parent. */
export const ssoRoleMapSchema = z
  .array(
    z.object({
      value: z.string().trim().min(1, 'Claim value is required').max(200),
      role: z.enum(STAFF_ROLES, { error: 'Only office roles can be given' }),
    }),
  )
  .max(20);

export const ssoProviderInputSchema = z
  .object({
    slug: ssoSlugField,
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
    issuer: issuerField,
    clientId: z.string({ error: 'Client ID is required' }).trim().min(1, 'Client ID is required').max(300),
    /** Write-only. Left empty when saving an existing provider: the stored secret stays. */
    clientSecret: z.string().max(500).optional(),
    /** The ID token's claim whose values give the role (e.g. `groups`); empty: roles are kept as they are. */
    roleClaim: z.string().trim().max(100).optional(),
    roleMap: ssoRoleMapSchema.default([]),
  })
  // Each problem beside its field (decision 077): a map needs the claim it reads, and a value gives one role.
  .superRefine((input, context) => {
    if (input.roleMap.length > 0 && !input.roleClaim)
      context.addIssue({
        code: 'custom',
        path: ['roleClaim'],
        message: 'Name the claim whose values give the roles, such as groups',
      });
    input.roleMap.forEach((entry, index) => {
      if (input.roleMap.findIndex((other) => other.value === entry.value) < index)
        context.addIssue({
          code: 'custom',
          path: ['roleMap', index, 'value'],
          message: 'This value already gives a role above',
        });
    });
  });
export type SsoProviderInput = z.input<typeof ssoProviderInputSchema>;

export const ssoProviderSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean(),
  roleClaim: z.string().nullable(),
  roleMap: ssoRoleMapSchema,
  /** What to register at the provider as the redirect URI and post-logout redirect URI. */
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** What the Log In screen shows: a button per provider. */
export const publicSsoProviderSchema = z.object({
  slug: z.string(),
  name: z.string(),
}) satisfies z.ZodType<PublicSsoProvider>;

export const ssoSettingsSchema = z.object({ staffPasswordsOff: z.boolean() });
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** POST /auth/oidc/finish: the one-time code the callback put in the Log In screen's address. */
export const ssoFinishSchema = z.object({ code: z.string().min(20).max(100) });

/** POST /auth/logout: after a single sign-on, where the browser may go to end the provider's session too. */
export const logoutAnswerSchema = messageAnswerSchema.extend({ endSessionUrl: z.string().optional() });
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;
