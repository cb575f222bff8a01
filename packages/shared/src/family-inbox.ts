import { z } from 'zod';
import { dateField, requiredText } from './fields.js';

/**
 * The family inbox (issue 35 item 4, decision 067): a guardian writes to the office about one of their children on
 * a date ("grandma collects on Friday", "Ali lost his card"); the office reads it in its inbox, replies, assigns it
 * to a colleague, closes or reopens it, and may turn it into a short note on the manifests of that child's date.
 * Threads are started by guardians only; what the office sends to many families is another module's.
 */

export const FAMILY_THREAD_STATES = ['OPEN', 'CLOSED'] as const;
export type FamilyThreadState = (typeof FAMILY_THREAD_STATES)[number];

/** The office's list: open threads (the default), closed ones, or the open ones assigned to the caller. */
export const FAMILY_INBOX_FILTERS = ['open', 'closed', 'mine'] as const;
export type FamilyInboxFilter = (typeof FAMILY_INBOX_FILTERS)[number];

/** Who wrote a message: the guardian who started the thread, or the office (to families always "the office"). */
export const FAMILY_MESSAGE_SIDES = ['GUARDIAN', 'OFFICE'] as const;
export type FamilyMessageSide = (typeof FAMILY_MESSAGE_SIDES)[number];

export const THREAD_MESSAGE_MAX = 1000;
/** A manifest note is read by a driver at a stop: a line, not a letter. */
export const MANIFEST_NOTE_MAX = 200;

/** A message's text, the guardian's and the office's alike. */
export const threadMessageInputSchema = z.object({ body: requiredText('Message', THREAD_MESSAGE_MAX) });
export type ThreadMessageInput = z.input<typeof threadMessageInputSchema>;

/** POST /api/parent/threads: a new thread about one of the guardian's children on a date. */
export const familyThreadInputSchema = threadMessageInputSchema.extend({
  studentId: z.uuid('Choose a child'),
  date: dateField('Date'),
});
export type FamilyThreadInput = z.input<typeof familyThreadInputSchema>;
export type FamilyThreadData = z.output<typeof familyThreadInputSchema>;

/** PUT /api/family-inbox/{id}/assignee: a colleague (an administrator), or null for nobody. */
export const familyThreadAssigneeSchema = z.object({ userId: z.uuid('Choose a colleague').nullable() });
export type FamilyThreadAssignee = z.input<typeof familyThreadAssigneeSchema>;

/** PUT /api/family-inbox/{id}/manifest-note: what the driver reads beside the child on that date's manifests. */
export const manifestNoteInputSchema = z.object({ note: requiredText('Note', MANIFEST_NOTE_MAX) });
export type ManifestNoteInput = z.input<typeof manifestNoteInputSchema>;

export const familyInboxListQuerySchema = z.object({
  filter: z.enum(FAMILY_INBOX_FILTERS).default('open'),
});

export const threadMessageSchema = z.object({
  id: z.string(),
  side: z.enum(FAMILY_MESSAGE_SIDES),
  /** The office's people by name to the office; to a guardian every office message is "the office". */
  author: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** What a guardian sees of their thread: no assignee, no office reader, no colleague's name. */
export const parentThreadSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  date: z.string(),
  state: z.enum(FAMILY_THREAD_STATES),
  /** Office replies the guardian has not opened yet. */
  unread: z.number().int(),
  lastMessageAt: z.string(),
  messages: z.array(threadMessageSchema),
});
export type ParentThread = z.infer<typeof parentThreadSchema>;

/** The office's thread: who wrote it, to whom it is assigned, the note it made for the manifests. */
export const familyThreadSchema = parentThreadSchema.extend({
  guardianName: z.string(),
  guardianEmail: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  manifestNote: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type FamilyThread = z.infer<typeof familyThreadSchema>;

/** A line of the office's list: the thread without its messages, with the last one's opening words. */
export const familyThreadSummarySchema = familyThreadSchema.omit({ messages: true }).extend({
  preview: z.string(),
});
export type FamilyThreadSummary = z.infer<typeof familyThreadSummarySchema>;

/** The menu's badge: open threads with a guardian's message the office has not opened. */
export const familyInboxUnreadSchema = z.object({ unread: z.number().int() });
export type FamilyInboxUnread = z.infer<typeof familyInboxUnreadSchema>;

export const colleagueSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Colleague = z.infer<typeof colleagueSchema>;
