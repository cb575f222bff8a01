import type { StatsFs } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../../config.js';
import type { Database, DatabaseHandle } from '../../../db/client.js';
import { insertProbeRow } from './health-queries.js';

export interface HealthProblem {
  reason: string;
  cause?: unknown;
}

class ProbeRolledBack extends Error {}

/**
 * Whether the server can do its work, which means writing: the problems found, none when healthy. One check at a
 * time: callers that arrive while a check runs share its result, so a flood of health requests costs one write
 * probe (a transaction on PGlite's only connection) at a time, not one each.
 */
export function createHealthService(
  database: DatabaseHandle,
  config: Pick<AppConfig, 'dataDir' | 'minFreeDiskBytes'>,
) {
  let running: Promise<HealthProblem[]> | null = null;
  return {
    check: () =>
      (running ??= Promise.all([
        databaseProblem(database.db),
        diskProblem(config.dataDir, config.minFreeDiskBytes),
      ])
        .then((found) => found.filter((problem) => problem !== null))
        .finally(() => (running = null))),
  };
}

/**
 * Can the database write? A row is inserted into a small table and rolled back: a database that is down,
 * read-only, out of privileges or refusing writes fails the insert, and nothing stays. No commit, so no disk sync:
 * a monitor polling every second costs next to nothing.
 */
export async function databaseProblem(db: Database): Promise<HealthProblem | null> {
  try {
    await db.transaction(async (tx) => {
      await insertProbeRow(tx);
      throw new ProbeRolledBack();
    });
  } catch (error) {
    if (error instanceof ProbeRolledBack) return null;
    return { reason: 'The database cannot write.', cause: error };
  }
  return null;
}

/** Is there room left in DATA_DIR (the embedded database, the images)? */
export async function diskProblem(dataDir: string, minFreeBytes: number): Promise<HealthProblem | null> {
  try {
    const stats = await statfsOfNearest(dataDir);
    const free = stats.bavail * stats.bsize;
    if (free >= minFreeBytes) return null;
    const mb = (bytes: number) => `${Math.floor(bytes / 1_048_576)} MB`;
    return { reason: `Only ${mb(free)} free in the data folder (the minimum is ${mb(minFreeBytes)}).` };
  } catch (error) {
    return { reason: 'The data folder cannot be read.', cause: error };
  }
}

/** The folder is made on first use (images): until then its space is that of the nearest folder above it. */
async function statfsOfNearest(folder: string): Promise<StatsFs> {
  try {
    return await fs.statfs(folder);
  } catch (error) {
    const parent = path.dirname(folder);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === folder) throw error;
    return statfsOfNearest(parent);
  }
}
