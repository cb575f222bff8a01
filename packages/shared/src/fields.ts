import { z } from 'zod';

/**
 * Field builders shared by every resource schema, so that a "required" or "too long" message reads the same on
 * every form and in every 400 answer.
 */

/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate cannot be stored as UTF-8 without changing it:
 * refuse both, so what is stored always comes back exactly as it was sent.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorable = (text: string) => !UNSTORABLE.test(text);
const unstorableMessage = (label: string) => `${label} contains characters that cannot be stored`;

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorable, unstorableMessage(label));

/** Optional text: missing, null and blank all mean "none" and are stored as null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorable, unstorableMessage(label))
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = (label = 'Email') =>
  requiredText(label, 254)
    .pipe(z.email(`${label} must be a valid email address`))
    .transform((v) => v.toLowerCase());

/**
 * A phone number as people write it: digits with an optional leading +, spaces, dashes, dots and brackets; 7 to
 * 15 digits (E.164's maximum). No country is assumed, so national and international forms are both accepted.
 */
const PHONE_SHAPE = /^\+?[0-9][0-9 ().-]*$/;
const digitCount = (value: string) => value.replace(/\D/g, '').length;
const phoneMessage = (label: string) =>
  `${label} must be a phone number of 7 to 15 digits, e.g. +91 98765 43210`;

export const phoneField = (label: string) =>
  requiredText(label, 20).refine(
    (value) => PHONE_SHAPE.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15,
    phoneMessage(label),
  );

export const optionalPhoneField = (label: string) =>
  optionalText(label, 20).refine(
    (value) =>
      value === null || (PHONE_SHAPE.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15),
    phoneMessage(label),
  );

/** Forms send numbers as typed text; the API accepts a JSON number or a string of digits, nothing else. */
export const numberFromText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

export const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: `${label} is required and must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`),
  );

/**
 * A positive number with at most two decimals (kilometres, money). The least is 0.01, not "above 0": a tiny
 * positive value (5e-324) passes the two-decimals check and is stored as 0.00, which the database refuses.
 */
export const positiveDecimal = (label: string, max: number) =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: `${label} is required and must be a number` })
      .min(0.01, `${label} must be at least 0.01`)
      .max(max, `${label} must be at most ${max}`)
      .refine(
        (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
        `${label} may have at most 2 decimals`,
      ),
  );

/**
 * The days the product deals in: trips run and audit entries are written in this century. A calendar date is
 * not enough (PostgreSQL has no year 0, so `0000-01-01` failed in the database with a 500), and a year outside
 * this range is a typo (0226, 2962) that would otherwise generate trips no one sees (decision 022).
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;

/** A calendar day written YYYY-MM-DD within DATE_RANGE; ISO days compare as text, so no parsing is needed. */
export const dateField = (label = 'Date') =>
  z.iso
    .date(`${label} must be a date like 2026-03-02`)
    .refine(
      (day) => day >= DATE_RANGE.min && day <= DATE_RANGE.max,
      `${label} must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}`,
    );

/**
 * A query of the days from `from` to `to`, both included, at most `maxDays`: the end not before the start, and the
 * range's length, each said under `to` (the trip history's export, a driver's timesheet).
 */
export function withinDays<T extends { from: string; to: string }>(
  schema: z.ZodType<T>,
  maxDays: number,
  tooLong: string,
) {
  return schema
    .refine((range) => range.from <= range.to, {
      path: ['to'],
      message: 'The end date must not be before the start date.',
    })
    .refine((range) => Date.parse(range.to) - Date.parse(range.from) < maxDays * 86_400_000, {
      path: ['to'],
      message: tooLong,
    });
}

/** Path parameter of get-one, update and delete calls. */
export const idParamsSchema = z.object({ id: z.uuid('The id is not valid') });
export type IdParams = z.infer<typeof idParamsSchema>;

/** A latitude (limit 90) or longitude (limit 180), typed or sent as text. */
export const coordinate = (label: string, limit: number) =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: `${label} is required and must be a number` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  );

/** NFC tags are read as hexadecimal or alphanumeric ids; stored upper case without separators. */
export const nfcTagField = optionalText('NFC Tag ID', 64)
  .transform((tag) => (tag ? tag.replace(/[\s:-]/g, '').toUpperCase() : null))
  .refine(
    (tag) => tag === null || /^[A-Z0-9]{4,32}$/.test(tag),
    'NFC Tag ID must be 4 to 32 letters or digits',
  );
