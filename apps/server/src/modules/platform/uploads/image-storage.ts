import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { syncNewFile } from '../../../db/disk-sync.js';

/**
 * Stored profile images: DATA_DIR/uploads/profile/{kind}/{random uuid}.webp; a credential's scanned document may
 * also be a PDF kept as sent ({random uuid}.pdf). Names are never user input.
 */
export const STORED_IMAGE_NAME = /^[0-9a-f-]{36}\.(webp|pdf)$/;

export interface ImageStorage {
  save(kind: string, webp: Buffer, extension?: 'webp' | 'pdf'): Promise<string>;
  /** Absolute path of a stored image, or null for a name that is not one of ours. */
  pathOf(kind: string, fileName: string): string | null;
  remove(kind: string, fileName: string | null): Promise<void>;
}

/** The folder every stored image lives under: what a backup copies. */
export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads');
/** Images no row names any more, kept for REMOVED_KEPT_MS, by kind: DATA_DIR/uploads/removed/{kind}/{name}. */
export const removedFolder = (dataDir: string) => path.join(uploadsFolder(dataDir), 'removed');

/**
 * How long a removed image stays. A backup copies the images after its database snapshot: an image a snapshotted
 * row names, replaced or deleted since (by this process or, on PostgreSQL, another server), must still be there
 * to copy. New images are written before their row commits, so keeping removed ones for longer than a backup
 * takes is all it needs (docs/decisions/018). Then they are deleted, at the next image change or start.
 */
export const REMOVED_KEPT_MS = 60 * 60 * 1000;

async function deleteExpired(dataDir: string): Promise<void> {
  const expired = Date.now() - REMOVED_KEPT_MS;
  const kinds = await fs.readdir(removedFolder(dataDir)).catch(() => []);
  for (const kind of kinds) {
    const folder = path.join(removedFolder(dataDir), kind);
    for (const name of await fs.readdir(folder).catch(() => [])) {
      const file = path.join(folder, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < expired) await fs.rm(file, { force: true });
    }
  }
}

export function createImageStorage(dataDir: string): ImageStorage {
  const folder = (kind: string) => path.join(uploadsFolder(dataDir), 'profile', kind);
  const storage: ImageStorage = {
    async save(kind, webp, extension = 'webp') {
      const fileName = `${randomUUID()}.${extension}`;
      // Owner-only whatever the process's umask: these are children's photos (docs/decisions/017).
      await fs.mkdir(folder(kind), { recursive: true, mode: 0o700 });
      const file = path.join(folder(kind), fileName);
      await fs.writeFile(file, webp, { mode: 0o600 });
      // Durable before the row naming it commits, like the row itself: a crash must not leave a name without a file.
      await syncNewFile(file);
      return fileName;
    },
    pathOf(kind, fileName) {
      return STORED_IMAGE_NAME.test(fileName) ? path.join(folder(kind), fileName) : null;
    },
    async remove(kind, fileName) {
      if (!fileName || !STORED_IMAGE_NAME.test(fileName)) return;
      const removed = path.join(removedFolder(dataDir), kind);
      await fs.mkdir(removed, { recursive: true, mode: 0o700 });
      try {
        await fs.rename(path.join(folder(kind), fileName), path.join(removed, fileName));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      // Its time as a removed image counts from now, not from its upload.
      const now = new Date();
      await fs.utimes(path.join(removed, fileName), now, now);
      await deleteExpired(dataDir);
    },
  };
  void deleteExpired(dataDir).catch(() => {});
  return storage;
}
