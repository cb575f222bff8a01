import { z } from 'zod';
import { parentInputSchema } from './families.js';
import { emailField, phoneField, requiredText } from './fields.js';

/**
 * Several guardians per child (issue 35 item 1, decision 064). A guardian is a parents row linked to a child in
 * student_guardians; the link, not students.parent_id, says who may see a child and who is told about them. The
 * child's primary guardian (students.parent_id: the contact of record) is always one of the links.
 */

/** What a guardian is to the child; the phone app says it in the guardian's language. */
export const GUARDIAN_RELATIONS = [
  'PARENT',
  'STEP_PARENT',
  'GRANDPARENT',
  'RELATIVE',
  'CARER',
  'OTHER',
] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];

/** The office's words for a relation (the phone app has its own, translated, in parent.json). */
export const GUARDIAN_RELATION_LABELS: Record<GuardianRelation, string> = {
  PARENT: 'Parent',
  STEP_PARENT: 'Step-parent',
  GRANDPARENT: 'Grandparent',
  RELATIVE: 'Relative',
  CARER: 'Carer',
  OTHER: 'Other',
};

const relationField = z.enum(GUARDIAN_RELATIONS, 'Choose the relation');

/** One guardian of a child, as the office sees them on the child's page. */
export const guardianSchema = z.object({
  parentId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  /** The contact of record (students.parent_id): whose name the student list shows. */
  primary: z.boolean(),
  linkedAt: z.string(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** POST /api/students/{id}/guardians: link an existing parent record as a guardian of the child. */
export const guardianLinkSchema = z.object({
  parentId: z.uuid('Choose the parent'),
  relation: relationField,
});
export type GuardianLinkInput = z.input<typeof guardianLinkSchema>;

/** POST /api/parent/guardian-requests: a guardian asks the office to add another guardian of their child. */
export const guardianRequestInputSchema = z.object({
  studentId: z.uuid('Choose the child'),
  name: requiredText('Full name', 100),
  email: emailField('Email'),
  phone: phoneField('Phone No'),
  relation: relationField,
});
export type GuardianRequestInput = z.input<typeof guardianRequestInputSchema>;

export const GUARDIAN_REQUEST_STATES = ['REQUESTED', 'APPROVED', 'DECLINED'] as const;
export type GuardianRequestState = (typeof GUARDIAN_REQUEST_STATES)[number];

/** POST /api/guardian-requests/{id}/decline: the reason the asking guardian sees. */
export const guardianRequestDeclineSchema = z.object({ reason: requiredText('Reason', 300) });
export type GuardianRequestDecline = z.input<typeof guardianRequestDeclineSchema>;

/** GET /api/guardian-requests?state=: the office's queue (REQUESTED by default), oldest first. */
export const guardianRequestListQuerySchema = z.object({
  state: z.enum(GUARDIAN_REQUEST_STATES).default('REQUESTED'),
});

export const guardianRequestSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  relation: z.enum(GUARDIAN_RELATIONS),
  state: z.enum(GUARDIAN_REQUEST_STATES),
  reason: z.string().nullable(),
  /** The guardian who asked (their name), or null once their record is gone. */
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type GuardianRequest = z.infer<typeof guardianRequestSchema>;

/** The guardians API (decision 064): the office's links and queue, and a guardian's requests. */
export const GUARDIAN_PATHS = {
  ofStudent: '/students/:id/guardians',
  link: '/students/:id/guardians/:parentId',
  requests: '/guardian-requests',
  approve: '/guardian-requests/:id/approve',
  decline: '/guardian-requests/:id/decline',
  parentRequests: '/parent/guardian-requests',
} as const;

/** Params of one link: the child and the guardian's parent record. */
export const guardianLinkParamsSchema = z.object({
  id: z.uuid('The id is not valid'),
  parentId: z.uuid('The id is not valid'),
});

/**
 * POST /api/guardian-requests/{id}/approve: the new guardian's parent record, as the office completes it (the
 * request's name, e-mail and phone, and the address the office knows). An e-mail that is already a parent's links
 * that parent instead.
 */
export const guardianRequestApproveSchema = parentInputSchema;
export type GuardianRequestApprove = z.input<typeof guardianRequestApproveSchema>;
