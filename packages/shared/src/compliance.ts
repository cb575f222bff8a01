/**
 * Compliance: credentials of drivers and vehicles (licence, insurance…) with an expiry, the kinds an admin edits,
 * and the blockers that refuse an assignment or a trip start. Issue 18.
 */

import { z } from 'zod';
import { dateField, isStorable, requiredText, wholeNumber } from './fields.js';
import { listQuerySchema } from './list.js';

/** Who holds a credential. */
export const CREDENTIAL_SUBJECTS = ['DRIVER', 'VEHICLE'] as const;
export type CredentialSubject = (typeof CREDENTIAL_SUBJECTS)[number];

export const CREDENTIAL_SUBJECT_LABELS: Record<CredentialSubject, string> = {
  DRIVER: 'Driver',
  VEHICLE: 'Vehicle',
};

/** The shortest reason an admin gives for going ahead despite a blocker. */
export const OVERRIDE_REASON_MIN = 5;
/** A scanned document: an image (stored as WebP) or a PDF (stored as sent), at most this size. */
export const CREDENTIAL_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const overrideReasonField = z
  .string({ error: 'Reason must be text' })
  .trim()
  .min(OVERRIDE_REASON_MIN, `Give a reason of at least ${OVERRIDE_REASON_MIN} characters`)
  .max(500, 'Reason must be at most 500 characters')
  .refine(isStorable, 'Reason contains characters that cannot be stored');

/** POST /api/credential-kinds/create and PUT …/update/:id. */
export const credentialKindInputSchema = z.object({
  name: requiredText('Name', 60),
  subject: z.enum(CREDENTIAL_SUBJECTS, { error: 'Please choose who holds it' }),
  warnDays: wholeNumber('Warning days', 0, 365),
  blocks: z.boolean({ error: 'Blocks must be yes or no' }),
});
export type CredentialKindInput = z.input<typeof credentialKindInputSchema>;

export const credentialKindSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.enum(CREDENTIAL_SUBJECTS),
  warnDays: z.number(),
  blocks: z.boolean(),
  createdAt: z.string(),
});
export type CredentialKind = z.infer<typeof credentialKindSchema>;

/** Where a credential stands on the operator's today: expired on its expiry day, expiring within warnDays. */
export const CREDENTIAL_STATES = ['EXPIRED', 'EXPIRING', 'VALID'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];

/**
 * POST /api/credentials/save: adds the holder's credential of that kind, or renews the one they have (one per
 * holder and kind). Exactly one of driverId and vehicleId.
 */
export const credentialInputSchema = z
  .object({
    kindId: z.uuid('Please choose a kind'),
    driverId: z.uuid('The driver is not valid').nullish(),
    vehicleId: z.uuid('The vehicle is not valid').nullish(),
    number: requiredText('Number', 60),
    expiresOn: dateField('Expiry date'),
  })
  .refine((input) => !!input.driverId !== !!input.vehicleId, {
    message: 'Choose a driver or a vehicle',
    path: ['driverId'],
  });
export type CredentialInput = z.input<typeof credentialInputSchema>;

export const credentialSchema = z.object({
  id: z.string(),
  kind: z.object({ id: z.string(), name: z.string(), blocks: z.boolean(), warnDays: z.number() }),
  subject: z.enum(CREDENTIAL_SUBJECTS),
  holder: z.object({ id: z.string(), name: z.string() }),
  number: z.string(),
  expiresOn: z.string(),
  state: z.enum(CREDENTIAL_STATES),
  /** Signed, expiring link to the scanned document, or null. */
  document: z.string().nullable(),
  documentType: z.string().nullable(),
  updatedAt: z.string(),
});
export type Credential = z.infer<typeof credentialSchema>;

export const CREDENTIAL_FILTERS = ['all', 'expired', 'expiring'] as const;
export type CredentialFilter = (typeof CREDENTIAL_FILTERS)[number];

/** GET /api/credentials/get-all: filter by state, holder type and one holder. */
export const credentialListQuerySchema = listQuerySchema.extend({
  state: z.enum(CREDENTIAL_FILTERS).default('all'),
  subject: z.enum(CREDENTIAL_SUBJECTS).optional(),
  driverId: z.uuid('The driver is not valid').optional(),
  vehicleId: z.uuid('The vehicle is not valid').optional(),
});
export type CredentialListQuery = z.input<typeof credentialListQuerySchema>;

/** POST /api/compliance/trips/:id/override: lets the driver start a trip despite expired credentials. */
export const overrideInputSchema = z.object({ reason: overrideReasonField });
export type OverrideInput = z.input<typeof overrideInputSchema>;

/** POST /api/trips/start/:id from the office: an optional override reason. */
export const officeStartSchema = z.object({ overrideReason: overrideReasonField.optional() }).nullish();

export const complianceOverrideSchema = z.object({
  id: z.string(),
  tripId: z.string().nullable(),
  assignmentId: z.string().nullable(),
  reason: z.string(),
  blockers: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ComplianceOverride = z.infer<typeof complianceOverrideSchema>;

/** The dashboard's compliance panel. */
export const complianceSummarySchema = z.object({
  expired: z.number().int(),
  expiring: z.number().int(),
  vehiclesOutOfService: z.number().int(),
  /** The first of what expired or expires within its kind's warning days, soonest first. */
  credentials: z.array(credentialSchema),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

/**
 * A 409 that an admin may override carries the blockers as errors on this field; blockers that cannot be overridden
 * (an out-of-service defect, a missing inspection) are on `blockers` instead.
 */
export const OVERRIDABLE_FIELD = 'overrideReason';
export const BLOCKER_FIELD = 'blockers';

/**
 * "3 Mar 2026" for 2026-03-03, as a refusal names a day. Fixed English, not the operator's locale: a refusal's words
 * are stored with an override and compared with later ones, so they must not change with a setting.
 */
export function dayInWords(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${date} ${months[month! - 1]} ${year}`;
}
