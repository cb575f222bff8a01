import {
  needsHandOver,
  type AuthorizedAdult,
  type HandOverMiss,
  type HandOverOfChild,
  type HandOverRule,
  type NoAdultRule,
  type ReceivedBy,
  type RidershipKind,
  type TripType,
  type authorizedAdultInputSchema,
} from '@school-transport/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import { notFound, refusal } from '../../../lib/errors.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { ImageStorage, ImageUrls } from '../../platform/uploads/index.js';
import {
  adultById,
  adultsOfChildren,
  childrenForHandOver,
  deleteAdult,
  insertAdult,
  missesOfTrips,
  setAdultPhoto,
  setReceivedBy,
  type AuthorizedAdultRow,
  type MissRow,
} from './hand-over-queries.js';

/** The uploads' kind (folder and signed links) of the adults' photos. */
export const ADULT_PHOTO_KIND = 'authorized-adult';

export interface HandOverServiceDeps {
  db: Database;
  urls: ImageUrls;
  storage: ImageStorage;
  /** The operator's rule of which classes need hand-over (HAND_OVER_CLASSES, HAND_OVER_UP_TO_GRADE). */
  rule: HandOverRule;
  /** What the driver does when no authorized adult is at the stop (HAND_OVER_NO_ADULT). */
  noAdult: NoAdultRule;
}

/** An event just stored, as the hand-over check reads it. */
export interface StoredAlighting {
  eventId: string;
  tripType: TripType;
  kind: RidershipKind;
  /** The child the server resolved (by id or tag), null for nobody. */
  studentId: string | null;
  receivedBy: string | null;
}

const adultNotFound = () => refusal(404, { code: 'refusal.handOver.adultNotFound' });

/**
 * Hand-over at drop-off (decision 065): which children must be handed to an authorized adult (the operator's rule
 * by class, or the child's own choice), their adults (kept by the guardians and the office, audited, photos in
 * the uploads' storage), and the check that a drop-off of such a child names one of them.
 */
export function createHandOverService(deps: HandOverServiceDeps) {
  const { db, urls, storage, rule } = deps;
  const toAdult = (row: AuthorizedAdultRow): AuthorizedAdult => ({
    id: row.id,
    studentId: row.studentId,
    name: row.name,
    relation: row.relation,
    phone: row.phone,
    photo: urls.urlFor(ADULT_PHOTO_KIND, row.photo),
    createdAt: row.createdAt.toISOString(),
  });

  /** The children of `studentIds` who need hand-over now. */
  async function needing(tx: Executor, studentIds: string[]): Promise<Map<string, string>> {
    const rows = await childrenForHandOver(tx, [...new Set(studentIds)]);
    return new Map(rows.filter((row) => needsHandOver(row, rule)).map((row) => [row.id, row.name]));
  }

  return {
    noAdultRule: deps.noAdult,
    needing,

    /** A child's hand-over (the office's and the guardian's view); 404 for a child that does not exist. */
    async ofChild(studentId: string): Promise<HandOverOfChild> {
      const [child] = await childrenForHandOver(db, [studentId]);
      if (!child) throw notFound('Child not found');
      const adults = await adultsOfChildren(db, [studentId]);
      return {
        needed: needsHandOver(child, rule),
        choice: child.handOver,
        noAdultRule: deps.noAdult,
        adults: adults.map(toAdult),
      };
    },

    /** The adults of the children who need hand-over, by child: what a driver's manifest offers at drop-off. */
    async adultsOfNeeding(tx: Executor, studentIds: string[]): Promise<Map<string, AuthorizedAdult[]>> {
      const flagged = await needing(tx, studentIds);
      const byChild = new Map<string, AuthorizedAdult[]>([...flagged.keys()].map((id) => [id, []]));
      for (const row of await adultsOfChildren(tx, [...flagged.keys()]))
        byChild.get(row.studentId)!.push(toAdult(row));
      return byChild;
    },

    /** The child an adult may receive, or undefined for no such adult: how the portal checks it is theirs. */
    async childOfAdult(adultId: string): Promise<string | undefined> {
      return (await adultById(db, adultId))?.studentId;
    },

    /** Adds an adult to a child (404 for an unknown child), with its audit entry. */
    async addAdult(
      studentId: string,
      input: z.output<typeof authorizedAdultInputSchema>,
      context: ChangeContext,
    ): Promise<AuthorizedAdult> {
      return db.transaction(async (tx) => {
        const [child] = await childrenForHandOver(tx, [studentId]);
        if (!child) throw notFound('Child not found');
        const row = await insertAdult(tx, { studentId, ...input });
        // Names and phones stay out of the audit log, as for parents and children (decision 020): ids only.
        await recordAudit(tx, {
          actor: context.actor,
          ip: context.ip,
          action: 'authorized_adult.created',
          entityType: 'authorized_adult',
          entityId: row.id,
          details: { studentId },
        });
        return toAdult(row);
      });
    },

    /** Removes an adult (404 when gone), with its audit entry; their photo is moved aside after the commit. */
    async removeAdult(adultId: string, context: ChangeContext): Promise<void> {
      const photo = await db.transaction(async (tx) => {
        const row = await adultById(tx, adultId, true);
        if (!row) throw adultNotFound();
        await deleteAdult(tx, adultId);
        await recordAudit(tx, {
          actor: context.actor,
          ip: context.ip,
          action: 'authorized_adult.deleted',
          entityType: 'authorized_adult',
          entityId: adultId,
          details: { studentId: row.studentId },
        });
        return row.photo;
      });
      await storage.remove(ADULT_PHOTO_KIND, photo);
    },

    /** The uploads' target for an adult's photo: the new file named in one audited change, the old one answered. */
    async replaceProfileImage(id: string, fileName: string | null, context: ChangeContext) {
      return db.transaction(async (tx) => {
        const row = await adultById(tx, id, true);
        if (!row) throw adultNotFound();
        await setAdultPhoto(tx, id, fileName);
        await recordAudit(tx, {
          actor: context.actor,
          ip: context.ip,
          action: fileName ? 'authorized_adult.image_updated' : 'authorized_adult.image_removed',
          entityType: 'authorized_adult',
          entityId: id,
          details: { studentId: row.studentId },
        });
        return row.photo;
      });
    },

    /**
     * In the transaction that stored a batch's events: every new drop-off (an ALIGHT of a drop-off run) of a child
     * who needs hand-over must name one of that child's adults, and a named adult must be one of the child's,
     * whoever the child is; otherwise the batch is refused (409, in words) and nothing of it is kept. Who received
     * the child is then written on the event, with their name and relation as they are now.
     */
    async checkAlightings(tx: Executor, stored: StoredAlighting[]): Promise<void> {
      for (const event of stored)
        if (event.receivedBy && event.kind !== 'ALIGHT')
          throw refusal(409, { code: 'refusal.handOver.receivedByOnlyOnLeaving' });
      const leaving = stored.filter((event) => event.kind === 'ALIGHT' && event.studentId);
      if (!leaving.length) return;
      const studentIds = leaving.map((event) => event.studentId!);
      const flagged = await needing(tx, studentIds);
      const adults = new Map((await adultsOfChildren(tx, studentIds)).map((row) => [row.id, row]));
      const names = new Map((await childrenForHandOver(tx, studentIds)).map((row) => [row.id, row.name]));
      const received: { eventId: string; adult: AuthorizedAdultRow }[] = [];
      for (const event of leaving) {
        const child = names.get(event.studentId!) ?? '';
        if (event.receivedBy) {
          const adult = adults.get(event.receivedBy.toLowerCase());
          if (!adult || adult.studentId !== event.studentId)
            throw refusal(409, { code: 'refusal.handOver.notAnAdultOfChild', params: { child } });
          received.push({ eventId: event.eventId, adult });
        } else if (event.tripType === 'DROP' && flagged.has(event.studentId!)) {
          throw refusal(409, { code: 'refusal.handOver.receivedByRequired', params: { child } });
        }
      }
      await setReceivedBy(tx, received);
    },

    /** The newest miss of each child on these trips, by trip and child (`${tripId}:${studentId}`). */
    async latestMisses(tx: Executor, tripIds: string[]): Promise<Map<string, MissRow>> {
      const latest = new Map<string, MissRow>();
      for (const row of await missesOfTrips(tx, tripIds)) {
        const key = `${row.tripId}:${row.studentId}`;
        if (!latest.has(key)) latest.set(key, row);
      }
      return latest;
    },
  };
}
export type HandOverService = ReturnType<typeof createHandOverService>;

/** Who received a child, from an event row's columns (null when nobody was recorded). */
export function receivedByOf(row: {
  receivedBy: string | null;
  receivedByName: string | null;
  receivedByRelation: string | null;
}): ReceivedBy | null {
  return row.receivedByName === null
    ? null
    : { adultId: row.receivedBy, name: row.receivedByName, relation: row.receivedByRelation ?? '' };
}

/**
 * Where a child kept on the bus is, for their manifest row and the portal: the newest miss, while no event of theirs
 * came after it (a later drop-off to an adult, or a new boarding, says where they are instead).
 */
export function missStillStanding(miss: MissRow | undefined, lastEventAt: Date | null): HandOverMiss | null {
  if (!miss || (lastEventAt && lastEventAt.getTime() > miss.occurredAt.getTime())) return null;
  return { at: miss.occurredAt.toISOString(), stopName: miss.stopName, rule: miss.rule };
}
