import { z } from 'zod';
import { coordinate, dateField, optionalText, requiredText, wholeNumber } from './fields.js';
import { clockTimeField } from './stops.js';

/**
 * Field and activity trips (issue 37, decision 073): a school asks, the office approves (with a cost estimate),
 * schedules drivers and vehicles that are free, the buses run as trips, and the school is invoiced.
 */

export const FIELD_TRIP_STATES = [
  'REQUESTED',
  'APPROVED',
  'SCHEDULED',
  'COMPLETED',
  'CANCELLED',
  'DECLINED',
] as const;
export type FieldTripState = (typeof FIELD_TRIP_STATES)[number];

export const FIELD_TRIP_STATE_WORDS: Record<FieldTripState, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approved',
  SCHEDULED: 'Scheduled',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  DECLINED: 'Declined',
};

/** A money amount in the operator's currency, 2 decimals, typed or sent as text. */
const amount = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${label} is required and must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(1_000_000, `${label} is too large`)
      .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), `${label} has at most 2 decimals`),
  );

/** The request: the form's fields and the server's check. Times are the operator's clock on `date`. */
export const fieldTripInputSchema = z
  .object({
    schoolId: z.uuid('Choose a school'),
    destinationName: requiredText('Destination', 120),
    destinationAddress: optionalText('Address', 300),
    destinationLat: coordinate('Latitude', 90),
    destinationLng: coordinate('Longitude', 180),
    date: dateField('Date'),
    departTime: clockTimeField('Departure'),
    returnTime: clockTimeField('Return'),
    pupils: wholeNumber('Pupils', 1, 500),
    adults: wholeNumber('Adults', 0, 100),
    wheelchairPlaces: wholeNumber('Wheelchair places', 0, 20),
    notes: optionalText('Notes', 1000),
  })
  .refine((input) => input.returnTime > input.departTime, {
    message: 'Return must be after departure',
    path: ['returnTime'],
  });
export type FieldTripInput = z.input<typeof fieldTripInputSchema>;
export type FieldTripData = z.output<typeof fieldTripInputSchema>;

export const fieldTripListQuerySchema = z.object({
  dateFrom: dateField('Date from').optional(),
  dateTo: dateField('Date to').optional(),
  state: z.enum(FIELD_TRIP_STATES).optional(),
});
export type FieldTripListQuery = z.infer<typeof fieldTripListQuerySchema>;

/**
 * Where a bus's actual distance came from (decision 078): the positions the driver app recorded on its trip, the
 * odometer reading the office entered (a bus that recorded too few positions), or the estimate (neither).
 */
export const DISTANCE_SOURCES = ['POSITIONS', 'ODOMETER', 'ESTIMATE'] as const;
export type DistanceSource = (typeof DISTANCE_SOURCES)[number];
/** A field trip's or an invoice line's source: its buses' one source, or MIXED when they differ. */
export const TRIP_DISTANCE_SOURCES = [...DISTANCE_SOURCES, 'MIXED'] as const;
export type TripDistanceSource = (typeof TRIP_DISTANCE_SOURCES)[number];
export const DISTANCE_SOURCE_WORDS: Record<TripDistanceSource, string> = {
  POSITIONS: 'from the recorded GPS positions',
  ODOMETER: 'from the odometer',
  ESTIMATE: 'estimated (too few GPS positions)',
  MIXED: 'from GPS positions and odometer or estimate (see each bus)',
};
/** Fewer recorded positions than this on a bus's trip: its distance is the odometer's, else the estimate. */
export const MIN_DISTANCE_POSITIONS = 10;

export const fieldTripBusDistanceSchema = z.object({
  tripId: z.string(),
  vehiclePlate: z.string(),
  km: z.number(),
  source: z.enum(DISTANCE_SOURCES),
  /** How many positions the bus recorded on its trip. */
  positions: z.number(),
});
export type FieldTripBusDistance = z.infer<typeof fieldTripBusDistanceSchema>;

export const fieldTripBusSchema = z.object({
  tripId: z.string(),
  status: z.string(),
  driver: z.object({ id: z.string().nullable(), name: z.string() }),
  vehicle: z.object({ id: z.string().nullable(), licensePlate: z.string() }),
  /** Positions recorded on the bus's trip so far: enough of them and its distance needs no odometer. */
  positions: z.number(),
});

export const fieldTripSchema = z.object({
  id: z.string(),
  school: z.object({ id: z.string(), name: z.string() }),
  destinationName: z.string(),
  destinationAddress: z.string().nullable(),
  destinationLat: z.number(),
  destinationLng: z.number(),
  date: z.string(),
  departAt: z.string(),
  returnAt: z.string(),
  /** HH:MM on the operator's clock. */
  departTime: z.string(),
  returnTime: z.string(),
  pupils: z.number(),
  adults: z.number(),
  wheelchairPlaces: z.number(),
  notes: z.string().nullable(),
  state: z.enum(FIELD_TRIP_STATES),
  stateReason: z.string().nullable(),
  requestedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  estimatedCost: z.number().nullable(),
  estimatedKm: z.number().nullable(),
  estimateVehicleType: z.string().nullable(),
  actualCost: z.number().nullable(),
  actualKm: z.number().nullable(),
  actualMinutes: z.number().nullable(),
  /** Each bus's actual distance and its source, once completed (decision 078). */
  distances: z.array(fieldTripBusDistanceSchema),
  distanceSource: z.enum(TRIP_DISTANCE_SOURCES).nullable(),
  /** How many children are attached (0: the group is a count). */
  children: z.number(),
  buses: z.array(fieldTripBusSchema),
  createdAt: z.string(),
});
export type FieldTrip = z.infer<typeof fieldTripSchema>;

/** Approval: the cost is estimated with the rate of this vehicle type, for this many buses. */
export const fieldTripApproveSchema = z.object({
  vehicleType: requiredText('Vehicle type', 40),
  buses: wholeNumber('Buses', 1, 20).optional(),
});
export type FieldTripApprove = z.input<typeof fieldTripApproveSchema>;

export const fieldTripReasonSchema = z.object({ reason: requiredText('Reason', 500) });
export type FieldTripReason = z.input<typeof fieldTripReasonSchema>;

/**
 * Scheduling: one or more buses, each a vehicle with its driver (one trip each: decision 073). A driver or a
 * vehicle appears once.
 */
export const fieldTripScheduleSchema = z.object({
  buses: z
    .array(z.object({ driverId: z.uuid('Choose a driver'), vehicleId: z.uuid('Choose a vehicle') }))
    .min(1, 'Choose a driver and a vehicle')
    .max(10, 'At most 10 buses')
    .refine(
      (buses) => new Set(buses.map((bus) => bus.driverId)).size === buses.length,
      'A driver can drive one bus',
    )
    .refine(
      (buses) => new Set(buses.map((bus) => bus.vehicleId)).size === buses.length,
      'Choose each vehicle once',
    ),
});
export type FieldTripSchedule = z.input<typeof fieldTripScheduleSchema>;

/**
 * After the trip: the hours are the trips' own start and finish, the distance each bus's recorded positions
 * (decision 078). The odometer distance (km per bus) is used only for a bus that recorded too few positions; left
 * empty, such a bus counts the estimate.
 */
export const fieldTripCompleteSchema = z.object({
  distanceKm: z.preprocess(
    (value) =>
      value === '' || value === null
        ? undefined
        : typeof value === 'string' && value.trim() !== ''
          ? Number(value)
          : value,
    z
      .number({ error: 'Distance must be a number' })
      .min(0, 'Distance cannot be negative')
      .max(5000, 'Distance is too large')
      .optional(),
  ),
});
export type FieldTripComplete = z.input<typeof fieldTripCompleteSchema>;

/** Who and what is free for a field trip's times (the scheduling dialog's pickers). */
export const fieldTripAvailabilitySchema = z.object({
  /** The span the buses are away, depot to depot. */
  busyFrom: z.string(),
  busyTo: z.string(),
  seatsNeeded: z.number(),
  wheelchairPlacesNeeded: z.number(),
  drivers: z.array(z.object({ id: z.string(), name: z.string() })),
  vehicles: z.array(
    z.object({
      id: z.string(),
      licensePlate: z.string(),
      type: z.string(),
      capacity: z.number(),
      wheelchairPlaces: z.number(),
    }),
  ),
  /** Those not offered, and why (in words). */
  unavailable: z.array(z.object({ name: z.string(), why: z.string() })),
});
export type FieldTripAvailability = z.infer<typeof fieldTripAvailabilitySchema>;

export const fieldTripRateInputSchema = z.object({
  vehicleType: requiredText('Vehicle type', 40),
  perHour: amount('Per hour'),
  perKm: amount('Per km'),
  minimum: amount('Minimum'),
});
export type FieldTripRateInput = z.input<typeof fieldTripRateInputSchema>;
export const fieldTripRateSchema = z.object({
  vehicleType: z.string(),
  perHour: z.number(),
  perKm: z.number(),
  minimum: z.number(),
});
export type FieldTripRate = z.infer<typeof fieldTripRateSchema>;

export const depotInputSchema = z.object({
  name: requiredText('Depot', 120),
  lat: coordinate('Latitude', 90),
  lng: coordinate('Longitude', 180),
});
export type DepotInput = z.input<typeof depotInputSchema>;
export const depotSchema = z.object({ name: z.string(), lat: z.number(), lng: z.number() }).nullable();
export type Depot = z.infer<typeof depotSchema>;

export const fieldTripNoticeSchema = z.object({
  id: z.number(),
  fieldTripId: z.string(),
  state: z.enum(FIELD_TRIP_STATES),
  message: z.string(),
  createdAt: z.string(),
});
export type FieldTripNotice = z.infer<typeof fieldTripNoticeSchema>;

export const invoiceQuerySchema = z
  .object({ schoolId: z.uuid('Choose a school'), dateFrom: dateField('From'), dateTo: dateField('To') })
  .refine((query) => query.dateTo >= query.dateFrom, {
    message: 'To cannot be before From',
    path: ['dateTo'],
  });
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

export const invoiceSchema = z.object({
  school: z.object({ id: z.string(), name: z.string(), address: z.string().nullable() }),
  dateFrom: z.string(),
  dateTo: z.string(),
  lines: z.array(
    z.object({
      fieldTripId: z.string(),
      date: z.string(),
      destination: z.string(),
      hours: z.number(),
      km: z.number(),
      /** Where the km came from (decision 078). */
      kmSource: z.enum(TRIP_DISTANCE_SOURCES).nullable(),
      amount: z.number(),
    }),
  ),
  total: z.number(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** What a driver reads of their field trip's bus: the group as a count, where and when (decision 073). */
export const driverFieldTripSchema = z.object({
  tripId: z.string(),
  schoolName: z.string(),
  destinationName: z.string(),
  destinationAddress: z.string().nullable(),
  departTime: z.string(),
  returnTime: z.string(),
  pupils: z.number(),
  adults: z.number(),
  wheelchairPlaces: z.number(),
  notes: z.string().nullable(),
  /** Children attached to the trip (decision 078): with some, the manifest lists them; none, the group is a count. */
  children: z.number(),
});
export type DriverFieldTrip = z.infer<typeof driverFieldTripSchema>;

export const vehicleTypeParamsSchema = z.object({ vehicleType: requiredText('Vehicle type', 40) });

/** A child on a field trip's list, or offered by its picker (decision 078). */
export const fieldTripChildSchema = z.object({ id: z.string(), name: z.string(), class: z.string() });
export type FieldTripChild = z.infer<typeof fieldTripChildSchema>;

/** The list as it is to be: every child attached, each once (decision 078). */
export const fieldTripChildrenInputSchema = z.object({
  studentIds: z
    .array(z.uuid('Choose a child'))
    .max(500, 'At most 500 children')
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each child once'),
});
export type FieldTripChildrenInput = z.input<typeof fieldTripChildrenInputSchema>;

/** The picker's search among the trip's school's children: name, class or roll number. */
export const fieldTripChildSearchSchema = z.object({
  search: z.string().trim().max(100, 'Search is too long').optional(),
});
export type FieldTripChildSearch = z.infer<typeof fieldTripChildSearchSchema>;
