import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { syncNewFile } from '../../db/disk-sync.js';

/** Stored profile images: DATA_DIR/uploads/profile/{kind}/{random uuid}.webp. Names are never user input. */
export const STORED_IMAGE_NAME = /^[0-9a-f-]{36}\.webp$/;

export interface ImageStorage {
  save(kind: string, webp: Buffer): Promise<string>;
  /** Absolute path of a stored image, or null for a name that is not one of ours. */
  pathOf(kind: string, fileName: string): string | null;
  remove(kind: string, fileName: string | null): Promise<void>;
}

/** The folder every stored image lives under: what a backup copies. */
export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Removals waiting for a backup to finish, per data folder. A backup snapshots the database, then copies the
 * images: an image that a snapshotted row names must still be there when it is copied, even if the row changed
 * since. New images are written before their row commits, so holding removals is all it takes.
 */
const heldRemovals = new Map<string, { holders: number; pending: string[] }>();

/** Holds removals of images under `dataDir` until the answered function is called (which performs them). */
export function holdImageRemovals(dataDir: string): () => Promise<void> {
  const key = path.resolve(dataDir);
  const hold = heldRemovals.get(key) ?? { holders: 0, pending: [] };
  hold.holders += 1;
  heldRemovals.set(key, hold);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    hold.holders -= 1;
    if (hold.holders > 0) return;
    heldRemovals.delete(key);
    await Promise.all(hold.pending.map((file) => fs.rm(file, { force: true })));
  };
}

async function removeFile(dataDir: string, file: string): Promise<void> {
  const hold = heldRemovals.get(path.resolve(dataDir));
  if (hold) hold.pending.push(file);
  else await fs.rm(file, { force: true });
}

export function createImageStorage(dataDir: string): ImageStorage {
  const folder = (kind: string) => path.join(uploadsFolder(dataDir), 'profile', kind);
  return {
    async save(kind, webp) {
      const fileName = `${randomUUID()}.webp`;
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
      if (fileName && STORED_IMAGE_NAME.test(fileName))
        await removeFile(dataDir, path.join(folder(kind), fileName));
    },
  };
}
