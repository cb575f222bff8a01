import fs from 'node:fs';
import path from 'node:path';

/** Forcing what was written onto the disk, for files the database does not sync itself (docs/decisions/017). */

export function syncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * fsyncs every file and folder under `root`, folders after their entries so new names are durable too. Several
 * at a time (libuv's threads): a new database folder has about a thousand files.
 */
export async function syncFolder(root: string): Promise<void> {
  const entries = await fs.promises.readdir(root, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(root, entry.name));
  for (let start = 0; start < files.length; start += 16)
    await Promise.all(files.slice(start, start + 16).map(syncOne));
  for (const entry of entries) if (entry.isDirectory()) await syncFolder(path.join(root, entry.name));
  await syncOne(root);
}

async function syncOne(target: string): Promise<void> {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file just written, with its name in its folder, on the disk. */
export async function syncNewFile(file: string): Promise<void> {
  await syncOne(file);
  await syncOne(path.dirname(file));
}
