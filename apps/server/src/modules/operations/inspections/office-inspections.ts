import type { z } from 'zod';
import type {
  Checklist,
  checklistInputSchema,
  childCheckTagInputSchema,
  ChildCheckRecord,
  closeDefectInputSchema,
  Defect,
  VehicleInspections,
} from '@school-transport/shared';
import type { ChangeContext } from '../../../lib/change-context.js';
import { writerFor } from '../../../lib/db-errors.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { addDays, zonedDate } from '../../../lib/zoned-time.js';
import { recordAudit } from '../../platform/audit/index.js';
import type { ImageUrls } from '../../platform/uploads/index.js';
import { DEFECT_PHOTO_KIND, type InspectionServiceDeps, vehicleNotFound } from './inspection-deps.js';
import {
  checklistOfType,
  closeDefect,
  deleteChecklist,
  findVehicle,
  insertChecklist,
  lastTripsOfVehicle,
  latestInspections,
  listChecklists,
  lockChecklist,
  lockDefect,
  openDefects,
  setTag,
  tagOfVehicle,
  updateChecklist,
  vehicleWithTag,
} from './inspection-queries.js';

/** The office's side of inspections: checklists, closing defects, the vehicle's tag, what each vehicle went through. */

type ChecklistInput = z.output<typeof checklistInputSchema>;

/** How many inspections, and how many days of child checks, the office's vehicle screen shows. */
const SHOWN_INSPECTIONS = 10;
const SHOWN_CHILD_CHECK_DAYS = 7;

const checklistTypeTaken = {
  inspection_checklists_type_unique: {
    field: 'vehicleType',
    message: 'There is already a checklist for this vehicle type.',
  },
};
/** Drizzle wraps the driver's error; pg and PGlite both carry the constraint name somewhere down the causes. */
function isTagUniqueViolation(error: unknown): boolean {
  for (let e = error as { constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.constraint === 'child_check_tags_tag_unique') return true;
  }
  return false;
}
const checklistNotFound = () => notFound('Checklist not found.');

type ChecklistRow = Awaited<ReturnType<typeof listChecklists>>[number];
const toChecklist = (row: ChecklistRow): Checklist => ({
  id: row.id,
  vehicleType: row.vehicleType,
  items: row.items,
  updatedAt: row.updatedAt.toISOString(),
});

const toDefect = (urls: ImageUrls, row: Awaited<ReturnType<typeof openDefects>>[number]): Defect => ({
  id: row.id,
  inspectionId: row.inspectionId,
  vehicleId: row.vehicleId,
  licensePlate: row.licensePlate,
  itemLabel: row.itemLabel,
  note: row.note,
  photo: urls.urlFor(DEFECT_PHOTO_KIND, row.photo),
  outOfService: row.outOfService,
  openedAt: row.openedAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
  closedByName: row.closedByName,
  closeNote: row.closeNote,
});

export async function checklists({ db }: InspectionServiceDeps): Promise<Checklist[]> {
  return (await listChecklists(db)).map(toChecklist);
}

export async function createChecklist(
  { db }: InspectionServiceDeps,
  input: ChecklistInput,
  context: ChangeContext,
): Promise<Checklist> {
  const write = writerFor(db, checklistTypeTaken);
  return write(async (tx) => {
    const row = await insertChecklist(tx, input);
    await recordAudit(tx, {
      actor: context.actor,
      action: 'inspection-checklist.create',
      entityType: 'inspection-checklist',
      entityId: row.id,
      details: { vehicleType: row.vehicleType, items: row.items.length },
      ip: context.ip,
    });
    return toChecklist(row);
  });
}

export async function changeChecklist(
  { db }: InspectionServiceDeps,
  id: string,
  input: ChecklistInput,
  context: ChangeContext,
): Promise<Checklist> {
  const write = writerFor(db, checklistTypeTaken);
  return write(async (tx) => {
    if (!(await lockChecklist(tx, id))) throw checklistNotFound();
    const row = await updateChecklist(tx, id, input);
    await recordAudit(tx, {
      actor: context.actor,
      action: 'inspection-checklist.update',
      entityType: 'inspection-checklist',
      entityId: id,
      details: { vehicleType: row.vehicleType, items: row.items.length },
      ip: context.ip,
    });
    return toChecklist(row);
  });
}

export async function removeChecklist(
  { db }: InspectionServiceDeps,
  id: string,
  context: ChangeContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockChecklist(tx, id);
    if (!row) throw checklistNotFound();
    await deleteChecklist(tx, id);
    await recordAudit(tx, {
      actor: context.actor,
      action: 'inspection-checklist.delete',
      entityType: 'inspection-checklist',
      entityId: id,
      details: { vehicleType: row.vehicleType },
      ip: context.ip,
    });
  });
}

export async function openDefectsOfFleet({ db, urls }: InspectionServiceDeps): Promise<Defect[]> {
  return (await openDefects(db)).map((row) => toDefect(urls, row));
}

/** What the office sees of one vehicle: inspections, open defects, its tag and its recent child checks. */
export async function inspectionsOfVehicle(
  { db, clock, timeZone, urls }: InspectionServiceDeps,
  vehicleId: string,
): Promise<VehicleInspections> {
  const vehicle = await findVehicle(db, vehicleId);
  if (!vehicle) throw vehicleNotFound();
  const day = zonedDate(clock(), timeZone);
  const [checklist, tagId, inspections, defects, lastTrips] = await Promise.all([
    checklistOfType(db, vehicle.type),
    tagOfVehicle(db, vehicleId),
    latestInspections(db, vehicleId, SHOWN_INSPECTIONS),
    openDefects(db, vehicleId),
    lastTripsOfVehicle(db, vehicleId, addDays(day, 1 - SHOWN_CHILD_CHECK_DAYS)),
  ]);
  return {
    vehicleId,
    licensePlate: vehicle.licensePlate,
    vehicleType: vehicle.type,
    needsInspection: Boolean(checklist),
    tagId,
    inspections: inspections.map((row) => ({
      id: row.id,
      inspectedOn: row.inspectedOn,
      driverName: row.driverName,
      completedAt: row.completedAt.toISOString(),
      items: row.items,
    })),
    openDefects: defects.map((row) => toDefect(urls, row)),
    childChecks: lastTrips.map((trip): ChildCheckRecord => ({
      tripId: trip.tripId,
      tripDate: trip.tripDate,
      routeName: trip.routeName,
      completedAt: trip.completedAt!.toISOString(),
      method: trip.method,
      reason: trip.reason,
      checkedAt: trip.checkedAt?.toISOString() ?? null,
    })),
  };
}

/** Closes a defect with the admin's note: an out-of-service vehicle may start again once none is left open. */
export async function closeOpenDefect(
  { db, clock }: InspectionServiceDeps,
  id: string,
  input: z.output<typeof closeDefectInputSchema>,
  adminName: string,
  context: ChangeContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const defect = await lockDefect(tx, id);
    if (!defect) throw notFound('Defect not found.');
    if (defect.closedAt)
      throw conflict(`This defect was already closed by ${defect.closedByName ?? 'an admin'}.`);
    await closeDefect(tx, id, {
      closedAt: clock(),
      closedBy: context.actor.id,
      closedByName: adminName,
      closeNote: input.note,
    });
    await recordAudit(tx, {
      actor: context.actor,
      action: 'inspection-defect.close',
      entityType: 'vehicle',
      entityId: defect.vehicleId,
      details: {
        defectId: id,
        item: defect.itemLabel,
        outOfService: defect.outOfService,
        note: input.note,
      },
      ip: context.ip,
    });
  });
}

/** Fixes (or replaces) the vehicle's child-check tag; a tag fixed in another bus is refused, naming it. */
export async function fixTag(
  { db }: InspectionServiceDeps,
  vehicleId: string,
  input: z.output<typeof childCheckTagInputSchema>,
  context: ChangeContext,
): Promise<{ tagId: string }> {
  const tagId = input.tagId!;
  const tagTaken = (plate: string) =>
    conflict(`This tag is already fixed in bus ${plate}.`, [
      { field: 'tagId', message: 'Already fixed in another bus' },
    ]);
  try {
    await db.transaction(async (tx) => {
      if (!(await findVehicle(tx, vehicleId))) throw vehicleNotFound();
      const holder = await vehicleWithTag(tx, tagId);
      if (holder && holder.vehicleId !== vehicleId) throw tagTaken(holder.licensePlate);
      await setTag(tx, vehicleId, tagId);
      await recordAudit(tx, {
        actor: context.actor,
        action: 'inspection-tag.set',
        entityType: 'vehicle',
        entityId: vehicleId,
        details: { tagId },
        ip: context.ip,
      });
    });
  } catch (error) {
    // Two admins fixing one tag at once: the unique index decides; the message names the bus that won.
    if (!isTagUniqueViolation(error)) throw error;
    throw tagTaken((await vehicleWithTag(db, tagId))?.licensePlate ?? 'another vehicle');
  }
  return { tagId };
}
