import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { DatabaseConfig } from '../../../config.js';
import type { ProgressListener } from '../../../db/progress-listener.js';
import { removedFolder, uploadsFolder } from '../uploads/index.js';

/**
 * A backup is one gzip tarball (docs/decisions/018):
 *   manifest.json        what it is, which engine, when
 *   database/            pgdata.tar (PGlite's folder, as dumpDataDir writes it) or database.pgdump (pg_dump -Fc)
 *   uploads/             the uploaded images, as under DATA_DIR/uploads
 * It is built in a folder inside DATA_DIR (owner-only, and on the same disk so images are hard-linked, not copied)
 * and packed by the system's tar.
 */

const run = promisify(execFile);

export const manifestSchema = z.object({
  format: z.literal('schoolride-backup'),
  version: z.literal(1),
  engine: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const PGLITE_DUMP = 'pgdata.tar';
export const POSTGRES_DUMP = 'database.pgdump';

/** A working folder inside DATA_DIR, removed by `remove`. Its name starts with a dot: never taken for data. */
export async function workFolder(dataDir: string, purpose: 'backup' | 'restore') {
  const folder = await fs.mkdtemp(path.join(dataDir, `.${purpose}-`));
  return { folder, remove: () => fs.rm(folder, { recursive: true, force: true }) };
}

/** Hard-links (or copies, across disks) every file under `from` into `to` that is not there yet. */
export async function linkTree(from: string, to: string): Promise<void> {
  let entries;
  try {
    entries = await fs.readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await fs.mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await linkTree(source, target);
      continue;
    }
    if (!entry.isFile()) continue;
    try {
      await fs.link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Moved among the removed images since the listing: found there by the next call.
      if (code === 'EEXIST' || code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await fs.copyFile(source, target);
    }
  }
}

/**
 * Builds the archive at `out`: `snapshot` writes the database dump into the folder it is given, and then the images
 * are copied. Every image a snapshotted row names is there: written before its row committed, and if replaced or
 * deleted since, kept among the removed images for longer than a backup takes (see REMOVED_KEPT_MS).
 */
export async function writeArchive(options: {
  dataDir: string;
  engine: DatabaseConfig['kind'];
  out: string;
  snapshot: (databaseFolder: string) => Promise<void>;
  progress?: ProgressListener;
}): Promise<void> {
  const { progress } = options;
  const work = await workFolder(options.dataDir, 'backup');
  try {
    const databaseFolder = path.join(work.folder, 'database');
    await fs.mkdir(databaseFolder, { mode: 0o700 });
    progress?.phase(
      options.engine === 'postgres' ? 'dumping the database (pg_dump)' : 'copying the database',
    );
    await options.snapshot(databaseFolder);
    progress?.phase('gathering the images');
    const images = path.join(work.folder, 'uploads', 'profile');
    await linkTree(path.join(uploadsFolder(options.dataDir), 'profile'), images);
    await linkTree(removedFolder(options.dataDir), images);
    const manifest: Manifest = {
      format: 'schoolride-backup',
      version: 1,
      engine: options.engine,
      createdAt: new Date().toISOString(),
    };
    await fs.writeFile(path.join(work.folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
    progress?.phase('packing the archive');
    await run('tar', ['-czf', options.out, '-C', work.folder, '.']);
  } finally {
    await work.remove();
  }
}

/** Unpacks an archive into `folder` and answers its manifest; refuses anything that is not one of ours. */
export async function unpackArchive(file: string, folder: string): Promise<Manifest> {
  try {
    await run('tar', ['-xzf', file, '-C', folder, '--no-same-owner', '--no-same-permissions']);
  } catch (error) {
    throw new BackupError(
      `${file} is not a readable backup: ${(error as { stderr?: string }).stderr?.trim()}`,
    );
  }
  const manifest = manifestSchema.safeParse(
    JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8').catch(() => 'null')),
  );
  if (!manifest.success)
    throw new BackupError(`${file} is not a SchoolRide backup (no valid manifest.json).`);
  return manifest.data;
}

/** A refusal or failure the command line reports in one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}
