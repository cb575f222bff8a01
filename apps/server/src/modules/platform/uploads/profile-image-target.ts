import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { type ResourceTable, setProfileImage } from '../resources/index.js';
import type { ImageStorage } from './image-storage.js';
import type { ImageUrls } from './image-urls.js';
import type { ProfileImageTarget } from './upload-routes.js';

/** How a resource runs one change to one of its records (the resource kit's `change`). */
interface Changes {
  change(
    id: string,
    context: ChangeContext,
    action: string,
    work: (tx: Executor, before: { profileImage: string | null }) => Promise<undefined>,
  ): Promise<{ profileImage: string | null }>;
}

/**
 * The upload endpoint's view of a resource whose table has a `profile_image` column: the new file name (null: the
 * photo removed) is written as one change of that record (locked, 404, audit entry `{entity}.image_updated` or
 * `{entity}.image_removed`), and the old one is answered.
 */
export function profileImageTarget(
  resource: Changes,
  table: ResourceTable & { profileImage: PgColumn },
): ProfileImageTarget {
  return {
    async replaceProfileImage(id, fileName, context) {
      const action = fileName ? 'image_updated' : 'image_removed';
      const before = await resource.change(id, context, action, async (tx) => {
        await setProfileImage(tx, table, id, fileName);
        return undefined;
      });
      return before.profileImage;
    },
  };
}

/** What a service whose records carry a profile image needs: the database, the signed URLs and the files. */
export interface ImageServiceDeps {
  db: Database;
  urls: ImageUrls;
  storage: ImageStorage;
}
