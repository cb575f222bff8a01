import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Stored profile images: DATA_DIR/uploads/profile/{kind}/{random uuid}.webp. Names are never user input. */
export const STORED_IMAGE_NAME = /^[0-9a-f-]{36}\.webp$/;

export interface ImageStorage {
  save(kind: string, webp: Buffer): Promise<string>;
  /** Absolute path of a stored image, or null for a name that is not one of ours. */
  pathOf(kind: string, fileName: string): string | null;
  remove(kind: string, fileName: string | null): Promise<void>;
}

export function createImageStorage(dataDir: string): ImageStorage {
  const folder = (kind: string) => path.join(dataDir, 'uploads', 'profile', kind);
  return {
    async save(kind, webp) {
      const fileName = `${randomUUID()}.webp`;
      await fs.mkdir(folder(kind), { recursive: true });
      await fs.writeFile(path.join(folder(kind), fileName), webp);
      return fileName;
    },
    pathOf(kind, fileName) {
      return STORED_IMAGE_NAME.test(fileName) ? path.join(folder(kind), fileName) : null;
    },
    async remove(kind, fileName) {
      if (fileName && STORED_IMAGE_NAME.test(fileName))
        await fs.rm(path.join(folder(kind), fileName), { force: true });
    },
  };
}
