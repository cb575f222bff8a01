import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX } from './auth.js';
import { dateField, emailField, isStorable, requiredText } from './fields.js';
import { LIST_SORTS, listQuerySchema, sortedListQuery } from './list.js';
import { STAFF_ROLES, type StaffRole } from './roles.js';

/**
 * Accounts: forgot/reset password, e-mail verification, profile, staff users and the audit log.
 * Passwords: 8 to 128 characters, no composition rules (NIST 800-63B); the server also refuses common passwords.
 */
export const PASSWORD_MIN = 8;

export const newPasswordField = z
  .string({ error: 'New Password is required' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

/**
 * Administrators reach every family's children, homes and the buses' live positions: their passwords are longer.
 * The server applies it by the account's role wherever a password is set (reset link, invitation, profile,
 * ADMIN_PASSWORD); the admin's profile form checks it with this same field.
 */
export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_TOO_SHORT = `Administrators use at least ${ADMIN_PASSWORD_MIN} characters`;
export const adminNewPasswordField = newPasswordField.min(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_TOO_SHORT);

const withConfirmation = <T extends z.ZodRawShape>(shape: T, passwordField: z.ZodString = newPasswordField) =>
  z
    .object({
      ...shape,
      password: passwordField,
      confirmPassword: z.string({ error: 'Confirm Password is required' }),
    })
    .refine(
      (value) =>
        (value as { password: string }).password === (value as { confirmPassword: string }).confirmPassword,
      {
        path: ['confirmPassword'],
        message: 'The passwords do not match',
      },
    );

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Email Address is required' })
    .trim()
    .min(1, 'Email Address is required')
    .max(EMAIL_MAX)
    .pipe(z.email('Enter a valid email address')),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The token comes from the link in the mail (`/reset-password?token=…`). */
export const resetPasswordSchema = withConfirmation({
  token: z.string({ error: 'The link is incomplete' }).min(20, 'The link is incomplete').max(100),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

const currentPasswordField = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX);

export const changePasswordSchema = withConfirmation({ currentPassword: currentPasswordField });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
/** The back-office profile's form: an administrator's new password (the server checks the role either way). */
export const adminChangePasswordSchema = withConfirmation(
  { currentPassword: currentPasswordField },
  adminNewPasswordField,
);

export const verifyEmailSchema = z.object({
  code: z
    .string({ error: 'Verification Code is required' })
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const changeNameSchema = z.object({ name: requiredText('Name', 100) });
/** The current password proves the owner is at the keyboard: a borrowed session cannot take the account over. */
export const changeEmailSchema = z.object({
  email: emailField('New email'),
  currentPassword: currentPasswordField,
});

/**
 * A staff account's role and, for school staff, their schools (decision 069): school staff need at least one
 * school; the other roles reach every school, so they carry none. Shared by the invitation and the role change.
 */
const staffRoleFields = {
  role: z.enum(STAFF_ROLES, 'Choose a role'),
  schoolIds: z.array(z.uuid()).max(200).default([]),
};
type StaffRoleFields = { role: StaffRole; schoolIds: string[] };
const schoolsMatchRole = (input: StaffRoleFields, context: z.RefinementCtx) => {
  if (input.role === 'school_staff' && input.schoolIds.length === 0)
    context.addIssue({ code: 'custom', path: ['schoolIds'], message: 'Choose at least one school.' });
  if (input.role !== 'school_staff' && input.schoolIds.length > 0)
    context.addIssue({
      code: 'custom',
      path: ['schoolIds'],
      message: 'Only school staff are linked to schools.',
    });
};

/** POST /api/users/invite: a new staff account; the role is an administrator's when none is given. */
export const inviteAdminSchema = z
  .object({
    name: requiredText('Name', 100),
    email: emailField('Email'),
    role: staffRoleFields.role.default('admin'),
    schoolIds: staffRoleFields.schoolIds,
  })
  .superRefine(schoolsMatchRole);
export type InviteAdminInput = z.input<typeof inviteAdminSchema>;

/** PUT /api/users/role/{id}: a staff account's role and schools. */
export const staffRoleSchema = z.object(staffRoleFields).superRefine(schoolsMatchRole);
export type StaffRoleInput = z.input<typeof staffRoleSchema>;

export const ACCOUNT_STATUSES = ['active', 'invited', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * The account of a person the office keeps a record of (a driver, a parent), opened by an invitation: none (no
 * password, no live invitation), invited (a link that still works is out), active (a password is set), disabled.
 */
export const INVITED_ACCOUNT_STATES = ['none', 'invited', 'active', 'disabled'] as const;
export type InvitedAccountState = (typeof INVITED_ACCOUNT_STATES)[number];

/** POST /api/drivers/{id}/invite, /api/parents/{id}/invite: where and when the invitation was sent. */
export const accountInvitationSchema = z.object({
  email: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type AccountInvitation = z.infer<typeof accountInvitationSchema>;

/** POST /api/parents/{id}/disable and /enable: the account's state afterwards. */
export const invitedAccountAnswerSchema = z.object({ account: z.enum(INVITED_ACCOUNT_STATES) });
export type InvitedAccountAnswer = z.infer<typeof invitedAccountAnswerSchema>;

export const staffUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  role: z.enum(STAFF_ROLES),
  /** A school-staff user's schools, by name; empty for the other roles. */
  schools: z.array(z.object({ id: z.string(), name: z.string() })),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** What the signed-in person sees of their own account. */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** An address waiting for its code, if a change was asked for. */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /api/auth/verify-email answers the address now on the account. */
export const verifiedEmailSchema = z.object({ email: z.string() });
/** POST /api/profile/change-email answers the address that waits for its code. */
export const pendingEmailSchema = z.object({ pendingEmail: z.string() });

export const auditQuerySchema = sortedListQuery(
  listQuerySchema.extend({
    /** Part of the e-mail address of who acted. */
    actor: z
      .string()
      .trim()
      .max(EMAIL_MAX)
      .refine(isStorable, 'actor contains characters that cannot be searched for')
      .optional(),
    dateFrom: dateField('Date from').optional(),
    dateTo: dateField('Date to').optional(),
  }),
  LIST_SORTS['audit-log'],
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  /** What the entry records beyond who, what and when: any JSON, or null. */
  details: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const ACCOUNT_MESSAGES = {
  forgotIntro: "Enter your registered email and we'll send you reset instructions.",
  resetLinkSent: 'If an account exists for that address, we have sent reset instructions to it.',
  verifyIntro: 'Enter the 6-digit code we sent to your email address.',
  passwordUpdated: 'Your password has been updated. Sign in with the new one.',
  linkInvalid: 'This link has expired or was already used. Ask for a new one.',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
} as const;
