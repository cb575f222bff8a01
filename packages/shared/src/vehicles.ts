import { z } from 'zod';
import { profileImageField } from './profile-images.js';
import { requiredText, wholeNumber } from './fields.js';

/** Vehicles: create and update take the same fields (update replaces them all). */
export const vehicleInputSchema = z.object({
  /** Stored upper case without spaces, so "ka 01 ab 1234" and "KA01AB1234" are the same plate. */
  licensePlate: requiredText('Registration No', 20)
    .transform((plate) => plate.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(2, 'Registration No must be at least 2 characters')
        .regex(/^[A-Z0-9-]+$/, 'Registration No may contain only letters, digits and dashes'),
    ),
  model: requiredText('Model', 60),
  type: requiredText('Type', 40),
  color: requiredText('Color', 30),
  capacity: wholeNumber('Capacity', 1, 100),
  /** Wheelchair places beside the seats (decision 073); none when missing. */
  wheelchairPlaces: wholeNumber('Wheelchair places', 0, 20).optional(),
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;

/** What the API answers for a vehicle (dates as ISO strings). */
export const vehicleSchema = z.object({
  id: z.string(),
  licensePlate: z.string(),
  model: z.string(),
  type: z.string(),
  color: z.string(),
  capacity: z.number(),
  wheelchairPlaces: z.number(),
  profileImage: profileImageField,
  createdAt: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
