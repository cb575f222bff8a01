import { z } from 'zod';
import { requiredText } from './fields.js';
import { LANGUAGE_TAG } from './language-paths.js';
import { LIST_SORTS, listQuerySchema, sortedListQuery } from './list.js';

/**
 * The office speaks to families (issue 35, item 3; decision 066): templates the operator keeps, and messages sent
 * to the guardians of a run, a route, a school, a stop or everyone, by push and e-mail, each in the guardian's
 * language where the text has one. Families writing to the office (an inbox) is a sibling module.
 */

export const FAMILY_MESSAGE_MAX = 1000;

/** The placeholders of a text, in order of first appearance: "Bus {route} is late" → ['route']. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([A-Za-z][A-Za-z0-9_]*)\}/g)].map((match) => match[1]!))];
}

/** The text with each `{name}` replaced by its value; a placeholder without a value stays as it is. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

const messageText = (label: string) => requiredText(label, FAMILY_MESSAGE_MAX);

/**
 * The text in other languages than the main one (English): language tag → text. Blank entries are dropped, so a
 * form can send an empty field for every language it offers. Each must name the same placeholders as the main
 * text, or a guardian reading Spanish would see a `{minutes}` nobody fills.
 */
const translationsField = z
  .record(
    z.string().regex(LANGUAGE_TAG, 'A translation needs a language tag such as es or ar'),
    z
      .string()
      .trim()
      .max(FAMILY_MESSAGE_MAX, `A translation must be at most ${FAMILY_MESSAGE_MAX} characters`),
  )
  .default({})
  .transform((all) => Object.fromEntries(Object.entries(all).filter(([, text]) => text !== '')));

function samePlaceholders(
  value: { body: string; translations: Record<string, string> },
  context: z.RefinementCtx,
) {
  const main = placeholdersOf(value.body).sort().join(',');
  for (const [language, text] of Object.entries(value.translations))
    if (placeholdersOf(text).sort().join(',') !== main)
      context.addIssue({
        code: 'custom',
        path: ['translations', language],
        message: `The ${language} text must use the same placeholders as the main text (${
          main
            ? placeholdersOf(value.body)
                .map((name) => `{${name}}`)
                .join(', ')
            : 'none'
        })`,
      });
}

/** POST /api/message-templates/create, PUT …/update/{id}: the office's form and the server's check. */
export const messageTemplateInputSchema = z
  .object({
    name: requiredText('Template name', 100),
    body: messageText('Text'),
    translations: translationsField,
  })
  .superRefine(samePlaceholders);
export type MessageTemplateInput = z.input<typeof messageTemplateInputSchema>;

export const messageTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  translations: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateListQuerySchema = sortedListQuery(
  listQuerySchema,
  LIST_SORTS['message-templates'],
);

/** Whom a message goes to: the guardians of the children of a run (a trip of today), a route, a school, a stop, or every guardian. */
export const AUDIENCE_KINDS = ['run', 'route', 'school', 'stop', 'everyone'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const audienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('run'), id: z.uuid('Choose a run') }),
  z.object({ kind: z.literal('route'), id: z.uuid('Choose a route') }),
  z.object({ kind: z.literal('school'), id: z.uuid('Choose a school') }),
  z.object({ kind: z.literal('stop'), id: z.uuid('Choose a stop') }),
  z.object({ kind: z.literal('everyone') }),
]);
export type Audience = z.infer<typeof audienceSchema>;

/** POST /api/family-messages/recipients: how many guardians the audience reaches, before sending. */
export const audienceCountSchema = z.object({ recipients: z.number().int(), label: z.string() });
export type AudienceCount = z.infer<typeof audienceCountSchema>;

/**
 * POST /api/family-messages/create: a template with its placeholders filled, or free text (with optional texts in
 * other languages). Every placeholder of the chosen template needs a value; the server checks it against the
 * stored template.
 */
export const familyMessageInputSchema = z
  .object({
    audience: audienceSchema,
    templateId: z.uuid('Choose a template').nullish(),
    values: z
      .record(
        z.string(),
        z
          .string()
          .trim()
          .min(1, 'Fill in every placeholder')
          .max(200, 'A value must be at most 200 characters'),
      )
      .default({}),
    body: z
      .string()
      .trim()
      .max(FAMILY_MESSAGE_MAX, `The text must be at most ${FAMILY_MESSAGE_MAX} characters`)
      .default(''),
    translations: translationsField,
  })
  .superRefine((input, context) => {
    if (!input.templateId && !input.body)
      context.addIssue({ code: 'custom', path: ['body'], message: 'Write the message or choose a template' });
    if (!input.templateId) samePlaceholders(input, context);
  });
export type FamilyMessageInput = z.input<typeof familyMessageInputSchema>;

/** QUEUED until the job has written its recipients, SENDING until every one is delivered or given up, then DONE. */
export const FAMILY_MESSAGE_STATES = ['QUEUED', 'SENDING', 'DONE'] as const;
export type FamilyMessageState = (typeof FAMILY_MESSAGE_STATES)[number];

/** A sent message as the office sees it: to whom, what, how far the job is, how many were delivered and read. */
export const familyMessageSchema = z.object({
  id: z.string(),
  audience: z.enum(AUDIENCE_KINDS),
  audienceLabel: z.string(),
  body: z.string(),
  translations: z.record(z.string(), z.string()),
  state: z.enum(FAMILY_MESSAGE_STATES),
  /** Null until the job has written the recipients. */
  recipients: z.number().int().nullable(),
  /** Delivered or given up: how far the sending is. */
  handled: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FamilyMessage = z.infer<typeof familyMessageSchema>;

const choiceSchema = z.object({ id: z.string(), label: z.string() });
/** GET /api/family-messages/audiences: what the office can pick (today's runs, routes, schools, stops). */
export const audienceChoicesSchema = z.object({
  run: z.array(choiceSchema),
  route: z.array(choiceSchema),
  school: z.array(choiceSchema),
  stop: z.array(choiceSchema),
});
export type AudienceChoices = z.infer<typeof audienceChoicesSchema>;

/** GET /api/parent/messages: a guardian's own messages, newest first, in their language where the text has one. */
export const parentMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  sentAt: z.string(),
  readAt: z.string().nullable(),
});
export type ParentMessage = z.infer<typeof parentMessageSchema>;
