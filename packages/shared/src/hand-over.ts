import { z } from 'zod';
import { phoneField, requiredText } from './fields.js';
import { profileImageField } from './profile-images.js';

/**
 * Hand-over of young children at drop-off (issue 35 item 2, decision 065): which children must be handed to an
 * authorized adult, who those adults are, and what the driver does when none is at the stop.
 */

/** A child's own choice, over the operator's rule: RULE follows it, ALWAYS and NEVER override it. */
export const HAND_OVER_CHOICES = ['RULE', 'ALWAYS', 'NEVER'] as const;
export type HandOverChoice = (typeof HAND_OVER_CHOICES)[number];

/** The operator's rule when no authorized adult is at the stop (HAND_OVER_NO_ADULT). */
export const NO_ADULT_RULES = ['KEEP_ON_BOARD', 'RETURN_TO_SCHOOL', 'RETURN_TO_DEPOT'] as const;
export type NoAdultRule = (typeof NO_ADULT_RULES)[number];

/**
 * The operator's rule of which classes need hand-over: the classes named (compared without case or spaces), and
 * every class whose grade (the first whole number in its text: "2", "2B", "Year 2") is at most `upToGrade`.
 */
export interface HandOverRule {
  classes: readonly string[];
  upToGrade: number | null;
}

const classKey = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The grade a class's text names: its first whole number ("Year 2B" → 2), null for none ("Reception"). */
export function gradeOfClass(text: string): number | null {
  const match = /\d+/.exec(text);
  return match ? Number(match[0]) : null;
}

/** Whether the operator's rule flags a class. */
export function classNeedsHandOver(className: string, rule: HandOverRule): boolean {
  const key = classKey(className);
  if (rule.classes.some((named) => classKey(named) === key)) return true;
  const grade = gradeOfClass(className);
  return rule.upToGrade !== null && grade !== null && grade <= rule.upToGrade;
}

/** Whether a child must be handed to an authorized adult: their own choice, else the rule. */
export function needsHandOver(
  child: { class: string; handOver: HandOverChoice },
  rule: HandOverRule,
): boolean {
  if (child.handOver !== 'RULE') return child.handOver === 'ALWAYS';
  return classNeedsHandOver(child.class, rule);
}

/** POST …/authorized-adults: the office's form and the guardian's (the same schema on both and on the server). */
export const authorizedAdultInputSchema = z.object({
  name: requiredText('Name', 100),
  relation: requiredText('Relation', 60),
  phone: phoneField('Phone'),
});
export type AuthorizedAdultInput = z.input<typeof authorizedAdultInputSchema>;

/** An adult who may receive a child at drop-off. */
export const authorizedAdultSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  name: z.string(),
  relation: z.string(),
  phone: z.string(),
  photo: profileImageField,
  createdAt: z.string(),
});
export type AuthorizedAdult = z.infer<typeof authorizedAdultSchema>;

/** A child's hand-over as the office and the guardians read it: whether it is needed, why, and the adults. */
export const handOverOfChildSchema = z.object({
  needed: z.boolean(),
  choice: z.enum(HAND_OVER_CHOICES),
  /** What the driver does when none of the adults is at the stop (the operator's HAND_OVER_NO_ADULT). */
  noAdultRule: z.enum(NO_ADULT_RULES),
  adults: z.array(authorizedAdultSchema),
});
export type HandOverOfChild = z.infer<typeof handOverOfChildSchema>;

/** Who received a child at drop-off, as recorded with the event (kept when the adult is later removed). */
export const receivedBySchema = z.object({
  adultId: z.string().nullable(),
  name: z.string(),
  relation: z.string(),
});
export type ReceivedBy = z.infer<typeof receivedBySchema>;

/** No authorized adult at the stop: the child was kept on the bus under the operator's rule. */
export const handOverMissSchema = z.object({
  at: z.string(),
  stopName: z.string().nullable(),
  rule: z.enum(NO_ADULT_RULES),
});
export type HandOverMiss = z.infer<typeof handOverMissSchema>;

/**
 * POST /api/driver/hand-over-misses: the driver's "No authorized adult" for a child at a stop, made on the phone
 * with its own id and kept in its outbox like a scan, so a dead zone at the stop loses nothing.
 */
export const handOverMissInputSchema = z.object({
  missId: z.uuid('missId must be a UUID'),
  tripId: z.uuid('tripId must be a UUID'),
  studentId: z.uuid('studentId must be a UUID'),
  /** The trip stop's position where it happened, when the phone knows it. */
  stopPosition: z.number().int().min(0).nullish(),
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO date-time' }),
});
export type HandOverMissInput = z.input<typeof handOverMissInputSchema>;

export const handOverMissAnswerSchema = z.object({ duplicate: z.boolean(), rule: z.enum(NO_ADULT_RULES) });
export type HandOverMissAnswer = z.infer<typeof handOverMissAnswerSchema>;

/** The addresses of hand-over (below /api). */
export const HAND_OVER_PATHS = {
  /** The office: GET a child's hand-over, POST an adult. */
  officeAdults: '/students/:id/authorized-adults',
  /** The office: DELETE an adult. */
  officeAdult: '/authorized-adults/:id',
  /** A guardian: GET their child's hand-over, POST an adult. */
  parentAdults: '/parent/children/:id/authorized-adults',
  /** A guardian: DELETE an adult of their child. */
  parentAdult: '/parent/authorized-adults/:id',
  /** A guardian: the adult's photo (multipart `image`, as every upload). */
  parentAdultPhoto: '/parent/authorized-adults/:id/photo',
  /** The driver: no authorized adult at the stop. */
  driverMisses: '/driver/hand-over-misses',
} as const;
