import { desc, eq, sql } from 'drizzle-orm';
import type {
  RosterCounts,
  RosterDiff,
  RosterMode,
  RosterOverview,
  RosterSourceInput,
  RosterVersion,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { rosterRuns, rosterSource } from '../../../db/schema/index.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { zonedClockTime } from '../../../lib/zoned-time.js';
import { recordAudit, tryTransactionLock } from '../../platform/audit/index.js';
import type { JobReport } from '../../platform/jobs/index.js';
import { fingerprintOf, type Roster } from './roster.js';
import { readBundle } from './roster-bundle.js';
import { diffRoster } from './roster-diff.js';
import { applyPlan, loadCurrent, reactivateRecord, type ReactivatedKind } from './roster-queries.js';
import { pullEndpoint } from './roster-rest.js';

/** PostgreSQL's advisory lock of an apply: one across every process on the database. */
export const ROSTER_LOCK_KEY = 0x1_3971;
const LABEL_OF: Record<ReactivatedKind, string> = { student: 'Student', parent: 'Parent', school: 'School' };
/** The last runs the overview shows. */
const RUNS_SHOWN = 20;

export interface RosterSyncDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  /** PostgreSQL: one apply at a time across processes too, not only in this one. */
  acrossProcesses: boolean;
  /**
   * The geocoder, if one is configured: new children's addresses wait for it (PENDING) and its job is woken after
   * the apply's commit (decision 076).
   */
  geocoding: { configured: boolean; wake(): void };
}

type Origin = 'bundle' | 'endpoint';

/**
 * Roster sync (decision 071): read a roster (a bundle, the endpoint), diff it against the records, and on apply write
 * the plan in one transaction with its audit entry. One sync at a time in the process; on PostgreSQL an apply also
 * holds an advisory lock. Every run, done or failed, is kept in roster_runs (the screen's last runs).
 */
export function createRosterSyncService({ db, clock, timeZone, acrossProcesses, geocoding }: RosterSyncDeps) {
  const diffOptions = { geocoder: geocoding.configured };
  let running: { startedAt: Date; by: string } | null = null;

  async function record(
    origin: Origin,
    mode: RosterMode,
    startedAt: Date,
    by: ChangeContext | null,
    outcome: { counts: RosterCounts } | { error: string },
    executor: Pick<Database, 'insert'> = db,
  ) {
    await executor.insert(rosterRuns).values({
      origin,
      mode,
      outcome: 'counts' in outcome ? 'done' : 'failed',
      counts: 'counts' in outcome ? outcome.counts : null,
      error: 'error' in outcome ? outcome.error : null,
      by: by?.actor.id ?? null,
      startedAt,
      finishedAt: clock(),
    });
  }

  const countsOf = (diff: Omit<RosterDiff, 'mode' | 'applied'>): RosterCounts => ({
    schools: { added: diff.schools.added, changed: diff.schools.changed, removed: diff.schools.removed },
    students: { added: diff.students.added, changed: diff.students.changed, removed: diff.students.removed },
    guardians: {
      added: diff.guardians.added,
      changed: diff.guardians.changed,
      removed: diff.guardians.removed,
    },
    links: diff.links,
  });

  async function sync(
    origin: Origin,
    read: () => Promise<Roster>,
    mode: RosterMode,
    expect: string | undefined,
    by: ChangeContext | null,
  ): Promise<RosterDiff> {
    if (running)
      throw conflict(
        `A roster sync is running (started ${zonedClockTime(running.startedAt, timeZone)} by ${running.by}); ` +
          'try again when it has finished.',
      );
    const startedAt = clock();
    running = { startedAt, by: by?.actor.email ?? 'the schedule' };
    try {
      const roster = await read();
      const fingerprint = fingerprintOf(roster);
      const emails = roster.guardians.map((guardian) => guardian.email.toLowerCase());
      if (mode === 'dry-run') {
        const { diff } = diffRoster(roster, await loadCurrent(db, emails), fingerprint, diffOptions);
        await record(origin, mode, startedAt, by, { counts: countsOf(diff) });
        return { ...diff, mode, applied: false };
      }
      if (expect !== undefined && expect !== fingerprint)
        throw conflict(
          'The roster has changed since the dry run you looked at: run the dry run again and check its differences.',
        );
      const diff = await db.transaction(async (tx) => {
        if (acrossProcesses && !(await tryTransactionLock(tx, ROSTER_LOCK_KEY)))
          throw conflict(
            'A roster sync is being applied on another server process; try again when it has finished.',
          );
        // Read inside the transaction: the plan is made of the records as the apply finds them.
        const planned = diffRoster(roster, await loadCurrent(tx, emails), fingerprint, diffOptions);
        await applyPlan(tx, planned.plan, clock());
        const counts = countsOf(planned.diff);
        await recordAudit(tx, {
          actor: by?.actor ?? null,
          ip: by?.ip,
          action: 'roster.apply',
          entityType: 'roster',
          // Counts only: no one's name or address goes into the log.
          details: { origin, ...counts },
        });
        await record(origin, mode, startedAt, by, { counts }, tx);
        return planned.diff;
      });
      // New children's addresses wait for the geocoder: its job places them now, at its pace.
      if (geocoding.configured && diff.students.added > 0) geocoding.wake();
      return { ...diff, mode, applied: true };
    } catch (error) {
      // A refused turn is no run; any other failure is one, kept so the office sees why a pull did not happen.
      if (!(error instanceof AppError && error.statusCode === 409))
        await record(origin, mode, startedAt, by, {
          error: error instanceof AppError ? error.message : 'The sync failed; nothing was written.',
        });
      throw error;
    } finally {
      running = null;
    }
  }

  async function storedSource() {
    const [source] = await db.select().from(rosterSource).where(eq(rosterSource.id, 1));
    return source ?? null;
  }

  async function pull(mode: RosterMode, expect: string | undefined, by: ChangeContext | null) {
    const source = await storedSource();
    if (!source) throw badRequest('Set up the OneRoster endpoint first.');
    return sync(
      'endpoint',
      () => pullEndpoint({ ...source, version: source.version as RosterVersion }),
      mode,
      expect,
      by,
    );
  }

  return {
    /**
     * The office reactivates a record roster sync deactivated (decision 076): one transaction with its audit entry
     * (no name in it: the log keeps no one's personal values). 404 for no such record, 409 when it is active.
     */
    async reactivate(kind: ReactivatedKind, id: string, context: ChangeContext) {
      return db.transaction(async (tx) => {
        const { state, name } = await reactivateRecord(tx, kind, id, clock());
        if (state === 'missing') throw notFound(`${LABEL_OF[kind]} not found.`);
        if (state === 'active')
          throw conflict(`${name ?? LABEL_OF[kind]} is active already: there is nothing to reactivate.`);
        await recordAudit(tx, {
          actor: context.actor,
          ip: context.ip,
          action: `${kind}.reactivated`,
          entityType: kind,
          entityId: id,
        });
        return name;
      });
    },
    async overview(): Promise<RosterOverview> {
      const source = await storedSource();
      const runs = await db
        .select({
          id: rosterRuns.id,
          origin: rosterRuns.origin,
          mode: rosterRuns.mode,
          outcome: rosterRuns.outcome,
          counts: rosterRuns.counts,
          error: rosterRuns.error,
          by: sql<string | null>`(select email from users where id = ${rosterRuns.by})`,
          startedAt: rosterRuns.startedAt,
          finishedAt: rosterRuns.finishedAt,
        })
        .from(rosterRuns)
        .orderBy(desc(rosterRuns.startedAt))
        .limit(RUNS_SHOWN);
      return {
        source: source && {
          baseUrl: source.baseUrl,
          version: source.version as RosterVersion,
          tokenUrl: source.tokenUrl,
          clientId: source.clientId,
          secretSet: source.clientSecret.length > 0,
          everyHours: source.everyHours,
          updatedAt: source.updatedAt.toISOString(),
        },
        runs: runs.map((run) => ({
          ...run,
          origin: run.origin as Origin,
          mode: run.mode as RosterMode,
          outcome: run.outcome as 'done' | 'failed',
          counts: run.counts as RosterCounts | null,
          startedAt: run.startedAt.toISOString(),
          finishedAt: run.finishedAt.toISOString(),
        })),
      };
    },

    /** The endpoint and its credentials; a secret left empty keeps the one stored. */
    async saveSource(input: RosterSourceInput & { everyHours: number | null }, context: ChangeContext) {
      const stored = await storedSource();
      const clientSecret = input.clientSecret || stored?.clientSecret;
      if (!clientSecret)
        throw new AppError(400, 'Enter the client secret.', [
          { field: 'clientSecret', message: 'Enter the client secret' },
        ]);
      const values = {
        baseUrl: input.baseUrl,
        version: input.version,
        tokenUrl: input.tokenUrl,
        clientId: input.clientId,
        clientSecret,
        everyHours: input.everyHours,
        updatedAt: clock(),
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(rosterSource)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: rosterSource.id, set: values });
        await recordAudit(tx, {
          actor: context.actor,
          ip: context.ip,
          action: 'roster.source',
          entityType: 'roster',
          // Never the secret: only whether it changed.
          details: {
            baseUrl: input.baseUrl,
            version: input.version,
            everyHours: input.everyHours,
            secretChanged: !!input.clientSecret,
          },
        });
      });
    },

    bundle: (zip: Uint8Array, mode: RosterMode, expect: string | undefined, by: ChangeContext) =>
      sync('bundle', async () => readBundle(zip), mode, expect, by),

    pull,

    /** The schedule's turn: a pull applied when the source asks for one every N hours and the last is that old. */
    async scheduled(): Promise<JobReport> {
      const source = await storedSource();
      if (!source?.everyHours) return { summary: 'no scheduled roster sync', figures: {}, idle: true };
      const [last] = await db
        .select({ startedAt: rosterRuns.startedAt })
        .from(rosterRuns)
        .where(
          sql`${rosterRuns.origin} = 'endpoint' and ${rosterRuns.mode} = 'apply' and ${rosterRuns.by} is null`,
        )
        .orderBy(desc(rosterRuns.startedAt))
        .limit(1);
      if (last && clock().getTime() - last.startedAt.getTime() < source.everyHours * 3_600_000)
        return { summary: 'roster sync not due', figures: {}, idle: true };
      if (running) return { summary: 'a roster sync is running', figures: {}, idle: true };
      try {
        const diff = await pull('apply', undefined, null);
        return { summary: 'roster synced from the endpoint', figures: countsOf(diff) };
      } catch (error) {
        // Kept as a failed run for the office; the log says it too.
        return { summary: `roster sync failed: ${(error as Error).message}`, figures: {} };
      }
    },
  };
}
export type RosterSyncService = ReturnType<typeof createRosterSyncService>;
