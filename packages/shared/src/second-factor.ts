import { z } from 'zod';
import { messageAnswerSchema } from './envelope.js';
import { PASSWORD_MAX, loginAnswerSchema, type LoginAnswer } from './auth.js';

/**
 * Administrators' second factor: an authenticator app (TOTP: 6 digits, 30 s) and single-use recovery codes.
 * Sign-in is then two steps: the password answers a short-lived pending token (not a session), and the pending
 * token with a code answers the session.
 */

export const RECOVERY_CODE_COUNT = 10;

export const totpCodeField = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

/** Recovery codes are shown as xxxxx-xxxxx; the dash and the case are optional when typed. */
export const recoveryCodeField = z
  .string({ error: 'Recovery code is required' })
  .trim()
  .regex(/^[a-z2-9]{5}-?[a-z2-9]{5}$/i, 'A recovery code has 10 letters and digits, like abcde-23456');

const pendingTokenField = z.string().min(20).max(100);

/** POST /auth/login when the account has (or must enrol) a second factor: the next step, not a session. */
export const secondFactorStepSchema = z.object({
  pendingToken: z.string(),
  /** `code`: type a code from the app or a recovery code; `enrol`: the operator requires one and there is none. */
  next: z.enum(['code', 'enrol']),
  /** At `code`, which of the admin's factors the step takes: the app's code (and recovery codes), a passkey. */
  totp: z.boolean(),
  passkey: z.boolean(),
});
export type SecondFactorStep = z.infer<typeof secondFactorStepSchema>;

export const secondFactorStepAnswerSchema = messageAnswerSchema.extend({
  message: z.string(),
  secondFactor: secondFactorStepSchema,
});
/** What POST /auth/login answers: a session, or for an administrator with a second factor, the next step. */
export type LoginStepAnswer = LoginAnswer | z.infer<typeof secondFactorStepAnswerSchema>;

/** base64url, as WebAuthn's JSON forms carry binary; bounded so a response cannot be made huge. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url');

/**
 * What @simplewebauthn/browser answers for navigator.credentials.get (an assertion). The server library checks
 * the contents; this only bounds the shape.
 */
export const passkeyAssertionSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What @simplewebauthn/browser answers for navigator.credentials.create (a new credential, attestation). */
export const passkeyAttestationSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** POST /auth/second-factor: one of the three. */
export const secondFactorSignInSchema = z.union([
  z.object({ pendingToken: pendingTokenField, code: totpCodeField }),
  z.object({ pendingToken: pendingTokenField, recoveryCode: recoveryCodeField }),
  z.object({ pendingToken: pendingTokenField, passkey: passkeyAssertionSchema }),
]);
export type SecondFactorSignInInput = z.input<typeof secondFactorSignInSchema>;

/** Enrolment during sign-in (the operator requires a factor): the pending token stands in for the session. */
export const pendingStepSchema = z.object({ pendingToken: pendingTokenField });
export const confirmTotpAtSignInSchema = z.object({ pendingToken: pendingTokenField, code: totpCodeField });

/** What an authenticator app needs: the otpauth URI (shown as a QR code) and the same secret as text. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const confirmTotpSchema = z.object({ code: totpCodeField });
export type ConfirmTotpInput = z.input<typeof confirmTotpSchema>;
/** The sign-in form's other way in, when the phone is not at hand. */
export const recoveryCodeInputSchema = z.object({ recoveryCode: recoveryCodeField });

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** The session of an enrolment at sign-in, with the first recovery codes to write down. */
export const enrolledLoginAnswerSchema = loginAnswerSchema.extend({ recoveryCodes: z.array(z.string()) });

/** Removing the factor or making new recovery codes asks for the password again. */
export const currentPasswordSchema = z.object({
  password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX),
});
export type CurrentPasswordInput = z.input<typeof currentPasswordSchema>;

/** The options for the browser's WebAuthn call (@simplewebauthn's JSON form), passed through as they are. */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

export const passkeyLabelField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'At most 60 characters');

/** The profile form's field: a name to tell passkeys apart ("Office laptop"). */
export const passkeyLabelSchema = z.object({ label: passkeyLabelField });
export type PasskeyLabelInput = z.input<typeof passkeyLabelSchema>;

/** POST /profile/second-factor/passkeys: the name and the browser's new credential for the options' challenge. */
export const addPasskeySchema = z.object({ label: passkeyLabelField, credential: passkeyAttestationSchema });
/** Enrolling a passkey at sign-in (the operator requires a factor): the pending token stands in for the session. */
export const addPasskeyAtSignInSchema = addPasskeySchema.extend({ pendingToken: pendingTokenField });

export const passkeySchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int(),
  /** Whether the operator requires a second factor of every administrator. */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const SECOND_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the code from your authenticator app.',
  enrolNeeded:
    'Your organisation requires a second factor. Set up an authenticator app or a passkey to continue.',
  wrongCode: 'That code is not right. Enter the current code from your app, or a recovery code.',
  stepExpired: 'This sign-in has expired. Sign in again with your password.',
  alreadyEnrolled: 'An authenticator app is already set up. Remove it first to set up another.',
  notStarted: 'Start the set-up again: no authenticator app is waiting to be confirmed.',
  requiredCannotRemove:
    'Your organisation requires a second factor, so the authenticator app cannot be removed.',
  passkeyNeeded: 'Use your passkey, or enter the code from your authenticator app.',
  passkeyOnlyNeeded: 'Use your passkey to continue.',
  passkeyRefused: 'The passkey was not accepted. Try again, or use another way to sign in.',
  noPasskeys: 'This account has no passkey.',
  passkeyNotStarted: 'Start adding the passkey again: the request has run out or was used.',
  passkeyTaken: 'This passkey is already registered.',
  requiredLastFactor:
    'Your organisation requires a second factor, so the last one cannot be removed. Add another first.',
} as const;
