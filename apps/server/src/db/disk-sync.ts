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

/** fsyncs every file and folder under `root` (folders after their entries, so new names are durable too). */
export function syncFolder(root: string): void {
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) syncFolder(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(root);
}

/** A file just written, with its name in its folder, on the disk. */
export async function syncNewFile(file: string): Promise<void> {
  for (const target of [file, path.dirname(file)]) {
    const handle = await fs.promises.open(target, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}
