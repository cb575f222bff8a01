import type { z } from 'zod';
import type {
  ComplianceSummary,
  Credential,
  CredentialState,
  credentialInputSchema,
  credentialListQuerySchema,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { writerFor } from '../../../lib/db-errors.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { ImageStorage, ImageUrls } from '../../platform/uploads/index.js';
import {
  countVehiclesOutOfService,
  credentialOfHolder,
  deleteCredential,
  dueCounts,
  dueCredentials,
  findCredential,
  findKind,
  insertCredential,
  listCredentials,
  lockCredential,
  lockHolderForCredentials,
  updateCredential,
  type CredentialRow,
} from './compliance-queries.js';

type CredentialInput = z.output<typeof credentialInputSchema>;
type CredentialListQuery = z.output<typeof credentialListQuerySchema>;

/** Where scanned documents live (DATA_DIR/uploads/profile/credential) and the path their signed links take. */
export const DOCUMENT_KIND = 'credential';
export const DOCUMENT_URL_BASE = '/api/uploads/documents';

const CONFLICTS = {
  credentials_kind_id_credential_kinds_id_fk: {
    field: 'kindId',
    message: 'This kind does not exist any more.',
  },
  credentials_driver_id_drivers_id_fk: { field: 'driverId', message: 'This driver does not exist any more.' },
  credentials_vehicle_id_vehicles_id_fk: {
    field: 'vehicleId',
    message: 'This vehicle does not exist any more.',
  },
  credentials_driver_kind_unique: {
    field: 'kindId',
    message: 'This driver already has a credential of this kind.',
  },
  credentials_vehicle_kind_unique: {
    field: 'kindId',
    message: 'This vehicle already has a credential of this kind.',
  },
};

export const stateOf = (row: Pick<CredentialRow, 'expiresOn' | 'daysLeft' | 'warnDays'>): CredentialState =>
  row.daysLeft <= 0 ? 'EXPIRED' : row.daysLeft <= row.warnDays ? 'EXPIRING' : 'VALID';

export interface CredentialServiceDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
  storage: ImageStorage;
  urls: ImageUrls;
}

/**
 * Credentials of drivers and vehicles: listed with their state on the operator's today, added or renewed (one per
 * holder and kind), removed, given a scanned document. Every change is audited and serialised on the holder's row
 * against the compliance gate (compliance-queries.ts, lockHolderForCredentials).
 */
export function createCredentialService({ db, clock, timeZone, storage, urls }: CredentialServiceDeps) {
  const today = () => zonedDate(clock(), timeZone);
  const write = writerFor(db, CONFLICTS);

  const toCredential = (row: CredentialRow): Credential => ({
    id: row.id,
    kind: { id: row.kindId, name: row.kindName, blocks: row.blocks, warnDays: row.warnDays },
    subject: row.subject,
    holder: { id: (row.driverId ?? row.vehicleId)!, name: row.holderName },
    number: row.number,
    expiresOn: row.expiresOn,
    state: stateOf(row),
    document: urls.urlFor(DOCUMENT_KIND, row.document, DOCUMENT_URL_BASE),
    documentType: row.documentType,
    updatedAt: row.updatedAt.toISOString(),
  });

  const get = async (id: string) => {
    const row = await findCredential(db, id, today());
    if (!row) throw notFound('Credential not found.');
    return toCredential(row);
  };

  const audit = (
    tx: Parameters<typeof recordAudit>[0],
    context: ChangeContext,
    action: string,
    id: string,
    details: Record<string, unknown>,
  ) =>
    recordAudit(tx, {
      ...context,
      action: `credential.${action}`,
      entityType: 'credential',
      entityId: id,
      details,
    });

  return {
    get,

    async list(query: CredentialListQuery) {
      const { rows, total } = await listCredentials(db, query, today());
      return { rows: rows.map(toCredential), total };
    },

    /** Adds the holder's credential of this kind, or renews the one they hold (number and expiry replaced). */
    async save(input: CredentialInput, context: ChangeContext): Promise<Credential> {
      const holder = { driverId: input.driverId ?? null, vehicleId: input.vehicleId ?? null };
      const id = await write(async (tx) => {
        if (!(await lockHolderForCredentials(tx, holder))) {
          const field = holder.driverId ? 'driverId' : 'vehicleId';
          throw badRequest(`The chosen ${holder.driverId ? 'driver' : 'vehicle'} does not exist.`, [
            { field, message: 'Not found' },
          ]);
        }
        const kind = await findKind(tx, input.kindId);
        if (!kind)
          throw badRequest('The chosen kind does not exist.', [{ field: 'kindId', message: 'Not found' }]);
        if ((kind.subject === 'DRIVER') !== !!holder.driverId) {
          const message = `${kind.name} is a credential of ${kind.subject === 'DRIVER' ? 'drivers' : 'vehicles'}.`;
          throw badRequest(message, [{ field: 'kindId', message }]);
        }
        const held = await credentialOfHolder(tx, holder, kind.id);
        const values = { number: input.number, expiresOn: input.expiresOn };
        if (held) {
          await updateCredential(tx, held.id, values);
          await audit(tx, context, 'renewed', held.id, {
            kind: kind.name,
            number: { from: held.number, to: input.number },
            expiresOn: { from: held.expiresOn, to: input.expiresOn },
          });
          return held.id;
        }
        const created = await insertCredential(tx, { ...holder, kindId: kind.id, ...values });
        await audit(tx, context, 'created', created, { kind: kind.name, ...holder, ...values });
        return created;
      });
      return get(id);
    },

    async remove(id: string, context: ChangeContext): Promise<void> {
      const removed = await write(async (tx) => {
        const row = await lockCredential(tx, id);
        if (!row) throw notFound('Credential not found.');
        await lockHolderForCredentials(tx, row);
        await deleteCredential(tx, id);
        await audit(tx, context, 'deleted', id, { kindId: row.kindId, number: row.number });
        return row;
      });
      await storage.remove(DOCUMENT_KIND, removed.document);
    },

    /**
     * Points the credential at its new scanned document (already stored), audited; the previous file is moved
     * away after the commit. A failed change removes the new file.
     */
    async replaceDocument(
      id: string,
      file: { name: string; type: string },
      context: ChangeContext,
    ): Promise<Credential> {
      let previous: string | null;
      try {
        previous = await write(async (tx) => {
          const row = await lockCredential(tx, id);
          if (!row) throw notFound('Credential not found.');
          await updateCredential(tx, id, { document: file.name, documentType: file.type });
          await audit(tx, context, 'document_replaced', id, { documentType: file.type });
          return row.document;
        });
      } catch (error) {
        await storage.remove(DOCUMENT_KIND, file.name);
        throw error;
      }
      await storage.remove(DOCUMENT_KIND, previous);
      return get(id);
    },

    /** The dashboard's panel: counts of what expired or expires soon, the first of them, vehicles out of service. */
    async summary(limit = 10): Promise<ComplianceSummary> {
      const day = today();
      const [counts, due, vehiclesOutOfService] = await Promise.all([
        dueCounts(db, day),
        dueCredentials(db, day, limit),
        countVehiclesOutOfService(db),
      ]);
      return { ...counts, vehiclesOutOfService, credentials: due.map(toCredential) };
    },
  };
}
export type CredentialService = ReturnType<typeof createCredentialService>;
