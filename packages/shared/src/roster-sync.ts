import { z } from 'zod';
import { numberFromText, requiredText } from './fields.js';

/**
 * Roster sync from the school's information system over OneRoster 1.1/1.2 (issue 36 item 3, decision 071): schools,
 * students and guardians from a CSV bundle or a REST endpoint; a dry run lists the differences, an apply writes them
 * in one transaction.
 */

/** The most bytes a bundle upload may have (a zip of CSV files; 10,000 students are about 1 MB zipped). */
export const ROSTER_BUNDLE_MAX_BYTES = 50 * 1024 * 1024;
/** Rows of each list a diff shows (added, changed, removed per kind); the counts are always whole. */
export const ROSTER_DIFF_ROWS_SHOWN = 50;
/** Warnings a diff shows (rows skipped, and why). */
export const ROSTER_WARNINGS_SHOWN = 50;

export const ROSTER_VERSIONS = ['1.1', '1.2'] as const;
export type RosterVersion = (typeof ROSTER_VERSIONS)[number];

export const ROSTER_KINDS = ['schools', 'students', 'guardians'] as const;
export type RosterKind = (typeof ROSTER_KINDS)[number];

export const rosterModeQuerySchema = z.object({
  mode: z.enum(['dry-run', 'apply']).default('dry-run'),
  /** The dry run's fingerprint: an apply of other data than the dry run showed is refused (409). */
  expect: z.string().max(128).optional(),
});
export type RosterMode = z.infer<typeof rosterModeQuerySchema>['mode'];

/** One record in a diff: its sourcedId, its name, and (changed) the fields that differ. */
export const rosterDiffRowSchema = z.object({
  sourcedId: z.string(),
  name: z.string(),
  fields: z.array(z.string()).optional(),
});
export type RosterDiffRow = z.infer<typeof rosterDiffRowSchema>;

export const rosterKindDiffSchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** The first ROSTER_DIFF_ROWS_SHOWN of each list. */
  addedRows: z.array(rosterDiffRowSchema),
  changedRows: z.array(rosterDiffRowSchema),
  removedRows: z.array(rosterDiffRowSchema),
});
export type RosterKindDiff = z.infer<typeof rosterKindDiffSchema>;

export const rosterCountsSchema = z.object({
  schools: z.object({ added: z.number(), changed: z.number(), removed: z.number() }),
  students: z.object({ added: z.number(), changed: z.number(), removed: z.number() }),
  guardians: z.object({ added: z.number(), changed: z.number(), removed: z.number() }),
  links: z.object({ added: z.number(), removed: z.number() }),
});
export type RosterCounts = z.infer<typeof rosterCountsSchema>;

export const rosterDiffSchema = z.object({
  mode: z.enum(['dry-run', 'apply']),
  /** True once an apply has written the differences (a dry run writes nothing). */
  applied: z.boolean(),
  /** A hash of the roster as read: an apply may name it (`expect`) to be sure it writes what the dry run showed. */
  fingerprint: z.string(),
  schools: rosterKindDiffSchema,
  students: rosterKindDiffSchema,
  guardians: rosterKindDiffSchema,
  /** Guardian links (a guardian of a child) added and removed. */
  links: z.object({ added: z.number().int(), removed: z.number().int() }),
  /** Rows left out, and why (a student with no guardian, a guardian without an e-mail…): the first few. */
  warnings: z.array(z.string()),
  warningCount: z.number().int(),
});
export type RosterDiff = z.infer<typeof rosterDiffSchema>;

/** PUT /api/roster-sync/source: the endpoint and its client credentials. The secret may be left out to keep it. */
export const rosterSourceInputSchema = z.object({
  baseUrl: z.url('Enter the address of the OneRoster service').max(500),
  version: z.enum(ROSTER_VERSIONS),
  tokenUrl: z.url('Enter the address of the token endpoint').max(500),
  clientId: requiredText('Client id', 200),
  /** Empty: keep the secret already stored. */
  clientSecret: z.string().max(500, 'At most 500 characters').optional(),
  /** Pull and apply every this many hours; null: only when asked. */
  everyHours: z.preprocess(
    // The form sends the typed text; blank is "not on a schedule".
    (value) => (value === '' || value === undefined ? null : numberFromText(value)),
    z
      .number({ error: 'Enter a whole number of hours' })
      .int('Enter a whole number of hours')
      .min(1, 'At least every hour')
      .max(168, 'At most every 168 hours (a week)')
      .nullable(),
  ),
});
export type RosterSourceInput = z.input<typeof rosterSourceInputSchema>;

/** What the API answers of the source: never the secret itself. */
export const rosterSourceSchema = z.object({
  baseUrl: z.string(),
  version: z.enum(ROSTER_VERSIONS),
  tokenUrl: z.string(),
  clientId: z.string(),
  secretSet: z.boolean(),
  everyHours: z.number().nullable(),
  updatedAt: z.string(),
});
export type RosterSource = z.infer<typeof rosterSourceSchema>;

export const rosterRunSchema = z.object({
  id: z.string(),
  origin: z.enum(['bundle', 'endpoint']),
  mode: z.enum(['dry-run', 'apply']),
  outcome: z.enum(['done', 'failed']),
  counts: rosterCountsSchema.nullable(),
  error: z.string().nullable(),
  /** Who ran it; null: the schedule. */
  by: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type RosterRun = z.infer<typeof rosterRunSchema>;

/** GET /api/roster-sync: the source (null until configured) and the last runs, newest first. */
export const rosterOverviewSchema = z.object({
  source: rosterSourceSchema.nullable(),
  runs: z.array(rosterRunSchema),
});
export type RosterOverview = z.infer<typeof rosterOverviewSchema>;
