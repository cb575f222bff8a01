import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from '../../../db/data-dir.js';
import { syncFolder, syncNewFile, syncPath } from '../../../db/disk-sync.js';
import type { ProgressListener } from '../../../db/progress-listener.js';
import { uploadsFolder } from '../uploads/index.js';
import { BackupError, unpackArchive, workFolder, writeArchive } from './backup-archive.js';
import { BACKUP_SOCKET, requestBackup } from './backup-socket.js';
import { dumpPglite, dumpPostgres, loadPglite, loadPostgres } from './database-dumps.js';

/** `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]` (docs/decisions/018). */

const ENGINE_NAMES = { pglite: 'embedded (PGlite)', postgres: 'PostgreSQL' } as const;

/** Writes a consistent backup to `out`, which appears whole or not at all. */
export async function runBackup(config: AppConfig, out: string, progress?: ProgressListener): Promise<void> {
  const target = path.resolve(out);
  const partial = `${target}.partial`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    if (config.database.kind === 'postgres') {
      const { url } = config.database;
      await writeArchive({
        dataDir: config.dataDir,
        engine: 'postgres',
        out: partial,
        snapshot: (folder) => dumpPostgres(url, folder),
        progress,
      });
    } else {
      await backUpPglite(config, partial, progress);
    }
    await syncNewFile(partial);
    await fs.rename(partial, target);
    syncPath(path.dirname(target));
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/** Through the server when one has the folder; otherwise this process opens it, under the same lock. */
async function backUpPglite(config: AppConfig, out: string, progress?: ProgressListener): Promise<void> {
  if (config.database.kind !== 'pglite') return;
  if (!existsSync(path.join(config.database.dataDir, 'PG_VERSION')))
    throw new BackupError(`${config.dataDir} holds no database to back up.`);
  let lock;
  try {
    lock = lockDataDir(config.dataDir, 'backup');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    progress?.phase(`the running server (process ${error.holder.pid}) is making the backup`);
    await requestBackup(config.dataDir, out, error.holder.pid);
    return;
  }
  try {
    const database = await openDatabase(config.database);
    try {
      await writeArchive({
        dataDir: config.dataDir,
        engine: 'pglite',
        out,
        snapshot: (folder) => dumpPglite(database, folder),
        progress,
      });
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/** What is in DATA_DIR besides our own lock, socket and working folders. */
async function dataDirContents(dataDir: string): Promise<string[]> {
  const names = await fs.readdir(dataDir).catch(() => []);
  return names.filter(
    (name) => name !== LOCK_FILE && name !== BACKUP_SOCKET && !/^\.(backup|restore)-/.test(name),
  );
}

/**
 * Restores a backup into an empty data folder (PGlite) or an empty database and uploads folder (PostgreSQL);
 * `force` replaces what is there. On PGlite the caller holds the folder's lock, so no server runs on it.
 */
export async function runRestore(
  config: AppConfig,
  file: string,
  force: boolean,
  progress?: ProgressListener,
): Promise<void> {
  const work = await workFolder(config.dataDir, 'restore');
  try {
    progress?.phase(`unpacking ${file}`);
    const manifest = await unpackArchive(path.resolve(file), work.folder);
    if (manifest.engine !== config.database.kind)
      throw new BackupError(
        `${file} is a backup of the ${ENGINE_NAMES[manifest.engine]} database, and this configuration uses ${ENGINE_NAMES[config.database.kind]}: ${manifest.engine === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'} to restore it.`,
      );
    const refuse = (what: string) =>
      new BackupError(`${what} is not empty: restore refuses to overwrite it without --force.`);
    const dumpFolder = path.join(work.folder, 'database');
    const uploads = uploadsFolder(config.dataDir);
    if (config.database.kind === 'pglite') {
      const existing = await dataDirContents(config.dataDir);
      if (existing.length > 0 && !force) throw refuse(config.dataDir);
      for (const name of existing)
        await fs.rm(path.join(config.dataDir, name), { recursive: true, force: true });
      progress?.phase('loading the database');
      await loadPglite(dumpFolder, config.database.dataDir);
    } else {
      const images = await fs.readdir(uploads).catch(() => []);
      if (images.length > 0 && !force) throw refuse(uploads);
      progress?.phase('loading the database (pg_restore)');
      await loadPostgres(dumpFolder, config.database.url, force);
      await fs.rm(uploads, { recursive: true, force: true });
    }
    const restoredImages = path.join(work.folder, 'uploads');
    if (existsSync(restoredImages)) {
      await fs.rename(restoredImages, uploads);
      await syncFolder(uploads);
    }
    syncPath(config.dataDir);
  } finally {
    await work.remove();
  }
}
