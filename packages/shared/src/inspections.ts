import { z } from 'zod';
import { nfcTagField, optionalText, requiredText } from './fields.js';

/**
 * Pre-trip inspections (a checklist per vehicle type, defects that may take a vehicle out of service) and the
 * child check after the last trip of the day. Issue 18.
 */

/** How the driver confirmed the bus was empty: the tag fixed at the back of the bus, or a tap with a reason. */
export const CHILD_CHECK_METHODS = ['TAG', 'TAP'] as const;
export type ChildCheckMethod = (typeof CHILD_CHECK_METHODS)[number];

/** Minutes after the last trip's finish before a missing child check raises CHILD_CHECK_MISSING. */
export const CHILD_CHECK_DUE_MINUTES = 15;

/** A defect photo as the device sends it: base64 of an image of at most 2 MB (the server re-encodes it). */
export const DEFECT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const photoField = z
  .string()
  .max(Math.ceil(DEFECT_PHOTO_MAX_BYTES / 3) * 4, 'The photo must be smaller than 2 MB')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The photo must be sent as base64')
  .nullish()
  .transform((value) => value ?? null);

const checklistItemSchema = z.object({
  id: z.string().min(1).max(64),
  label: requiredText('Item', 120),
});

/** The checklist form: a vehicle type and its items in order. New items get their id from the form. */
export const checklistInputSchema = z
  .object({
    vehicleType: requiredText('Vehicle type', 60),
    items: z.array(checklistItemSchema).min(1, 'Add at least one item').max(60, 'At most 60 items'),
  })
  .refine((input) => new Set(input.items.map((item) => item.id)).size === input.items.length, {
    message: 'Each item must have its own id',
    path: ['items'],
  });
export type ChecklistInput = z.input<typeof checklistInputSchema>;

export const checklistSchema = z.object({
  id: z.string(),
  vehicleType: z.string(),
  items: z.array(z.object({ id: z.string(), label: z.string() })),
  updatedAt: z.string(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** One checked item: ok, or a defect with a note, an optional photo and whether it takes the bus off the road. */
export const inspectionItemInputSchema = z
  .object({
    itemId: z.string().min(1).max(64),
    ok: z.boolean(),
    note: optionalText('Note', 500),
    outOfService: z.boolean().default(false),
    photo: photoField,
  })
  .refine((item) => item.ok || item.note !== null, { message: 'Describe the defect', path: ['note'] })
  .refine((item) => !item.ok || (!item.outOfService && item.photo === null), {
    message: 'Only a defect has a photo or takes the vehicle out of service',
    path: ['outOfService'],
  });
export type InspectionItemInput = z.input<typeof inspectionItemInputSchema>;

/** A pre-trip inspection from the driver app, with its device-made id: a replay from the outbox is stored once. */
export const inspectionInputSchema = z.object({
  inspectionId: z.uuid('inspectionId must be a UUID'),
  vehicleId: z.uuid('vehicleId must be a UUID'),
  completedAt: z.iso.datetime({ offset: true, error: 'completedAt must be an ISO date-time' }),
  items: z.array(inspectionItemInputSchema).min(1).max(60),
});
export type InspectionInput = z.input<typeof inspectionInputSchema>;

export const inspectionAnswerSchema = z.object({
  inspectionId: z.string(),
  duplicate: z.boolean(),
  defects: z.number().int(),
  outOfService: z.boolean(),
});
export type InspectionAnswer = z.infer<typeof inspectionAnswerSchema>;

/** The child check: by the tag at the back of the bus, or a tap with a reason. Device-made id, stored once. */
export const childCheckInputSchema = z
  .object({
    checkId: z.uuid('checkId must be a UUID'),
    tripId: z.uuid('tripId must be a UUID'),
    method: z.enum(CHILD_CHECK_METHODS),
    tagId: nfcTagField,
    reason: optionalText('Reason', 300),
    checkedAt: z.iso.datetime({ offset: true, error: 'checkedAt must be an ISO date-time' }),
  })
  .refine((check) => check.method !== 'TAG' || check.tagId !== null, {
    message: 'Scan the tag at the back of the bus',
    path: ['tagId'],
  })
  .refine((check) => check.method !== 'TAP' || check.reason !== null, {
    message: 'Say why the tag could not be scanned',
    path: ['reason'],
  });
export type ChildCheckInput = z.input<typeof childCheckInputSchema>;

export const childCheckAnswerSchema = z.object({ checkId: z.string(), duplicate: z.boolean() });

/**
 * What the driver app needs of each vehicle the driver drives today: whether an inspection is due (and its
 * checklist), what blocks it, and the trip whose child check is due once its last trip is finished.
 */
export const driverVehicleDaySchema = z.object({
  vehicleId: z.string(),
  licensePlate: z.string(),
  vehicleType: z.string(),
  checklist: z.array(z.object({ id: z.string(), label: z.string() })).nullable(),
  inspectedToday: z.boolean(),
  blockers: z.array(z.string()),
  childCheckTripId: z.string().nullable(),
  childCheckDone: z.boolean(),
});
export type DriverVehicleDay = z.infer<typeof driverVehicleDaySchema>;

export const defectSchema = z.object({
  id: z.string(),
  inspectionId: z.string(),
  vehicleId: z.string(),
  licensePlate: z.string(),
  itemLabel: z.string(),
  note: z.string().nullable(),
  photo: z.string().nullable(),
  outOfService: z.boolean(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  closeNote: z.string().nullable(),
});
export type Defect = z.infer<typeof defectSchema>;

export const inspectionSchema = z.object({
  id: z.string(),
  inspectedOn: z.string(),
  driverName: z.string(),
  completedAt: z.string(),
  items: z.array(
    z.object({ itemId: z.string(), label: z.string(), ok: z.boolean(), note: z.string().nullable() }),
  ),
});
export type Inspection = z.infer<typeof inspectionSchema>;

/** A last trip of the day with its child check, or without one (missing). */
export const childCheckRecordSchema = z.object({
  tripId: z.string(),
  tripDate: z.string(),
  routeName: z.string(),
  completedAt: z.string(),
  method: z.enum(CHILD_CHECK_METHODS).nullable(),
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type ChildCheckRecord = z.infer<typeof childCheckRecordSchema>;

export const vehicleInspectionsSchema = z.object({
  vehicleId: z.string(),
  licensePlate: z.string(),
  vehicleType: z.string(),
  needsInspection: z.boolean(),
  tagId: z.string().nullable(),
  inspections: z.array(inspectionSchema),
  openDefects: z.array(defectSchema),
  childChecks: z.array(childCheckRecordSchema),
});
export type VehicleInspections = z.infer<typeof vehicleInspectionsSchema>;

export const closeDefectInputSchema = z.object({ note: requiredText('Note', 500) });
export type CloseDefectInput = z.input<typeof closeDefectInputSchema>;

export const childCheckTagInputSchema = z.object({
  tagId: nfcTagField.refine((tag) => tag !== null, 'Tag ID is required'),
});
export type ChildCheckTagInput = z.input<typeof childCheckTagInputSchema>;
