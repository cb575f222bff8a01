import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit-log.js';
import type { ImageStorage } from './image-storage.js';
import type { ImageUrls } from './image-urls.js';
import type { ProfileImageTarget } from './upload-routes.js';

type TableWithImage = PgTable & { id: PgColumn; profileImage: PgColumn; updatedAt: PgColumn };

/** The upload endpoint's view of a table with a `profile_image` column. */
export function profileImageTarget(db: Database, table: TableWithImage, entity: string): ProfileImageTarget {
  return {
    async replaceProfileImage(id, fileName, context) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ previous: table.profileImage })
          .from(table)
          .where(eq(table.id, id))
          .for('update');
        if (!row) throw notFound(`${entity[0]!.toUpperCase()}${entity.slice(1)} not found.`);
        await tx.update(table).set({ profileImage: fileName, updatedAt: new Date() }).where(eq(table.id, id));
        await recordAudit(tx, {
          ...context,
          action: `${entity}.image_updated`,
          entityType: entity,
          entityId: id,
        });
        return row.previous as string | null;
      });
    },
  };
}

/** What a service whose records carry a profile image needs: the database, the signed URLs and the files. */
export interface ImageServiceDeps {
  db: Database;
  urls: ImageUrls;
  storage: ImageStorage;
}
