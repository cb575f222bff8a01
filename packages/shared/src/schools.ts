import { z } from 'zod';
import { coordinate, optionalText, requiredText } from './fields.js';
import { clockTimeField } from './stops.js';

/**
 * Schools: where the morning runs end and the afternoon runs begin. The route planner plans one school at a time:
 * children must be there before its bell and are taken home from its dismissal.
 */

/** POST /api/schools/create, PUT /api/schools/update/{id}. */
export const schoolInputSchema = z
  .object({
    name: requiredText('School name', 100),
    address: optionalText('Address', 300),
    lat: coordinate('Latitude', 90),
    lng: coordinate('Longitude', 180),
    bellTime: clockTimeField('Bell time'),
    dismissalTime: clockTimeField('Dismissal time'),
  })
  .refine((school) => school.dismissalTime > school.bellTime, {
    path: ['dismissalTime'],
    message: 'Dismissal time must be after the bell time',
  });
export type SchoolInput = z.input<typeof schoolInputSchema>;

export const schoolSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  bellTime: z.string(),
  dismissalTime: z.string(),
  /** When the school was deactivated (gone from the roster, decision 076); null: active. */
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type School = z.infer<typeof schoolSchema>;
