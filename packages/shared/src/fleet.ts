import { z } from 'zod';
import {
  emailField,
  optionalPhoneField,
  optionalText,
  phoneField,
  positiveDecimal,
  requiredText,
  wholeNumber,
} from './fields.js';

/**
 * Drivers, vehicles and routes: one schema per payload, used by the API route to validate and by the form.
 * Create and update take the same fields (update replaces them all).
 */

export const driverInputSchema = z.object({
  name: requiredText('Name', 100),
  email: emailField('Email'),
  phone: phoneField('Phone'),
  alternativePhone: optionalPhoneField('Alternative phone'),
  licenseNo: requiredText('License No', 30),
  address: optionalText('Address', 300),
});
export type DriverInput = z.input<typeof driverInputSchema>;

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
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;

export const routeInputSchema = z.object({
  name: requiredText('Route name', 100),
  startLocation: requiredText('Start location', 200),
  endLocation: requiredText('End location', 200),
  distanceKm: positiveDecimal('Distance (km)', 10_000),
  durationMin: wholeNumber('Duration (minutes)', 1, 1_440),
});
export type RouteInput = z.input<typeof routeInputSchema>;

/** What the API answers for each resource (dates as ISO strings). */
export interface Driver {
  id: string;
  user: { id: string; name: string; email: string };
  phone: string;
  alternativePhone: string | null;
  licenseNo: string;
  address: string | null;
  /** Signed, expiring path on the API host; null when no photo was uploaded. */
  profileImage: string | null;
  createdAt: string;
}

export interface Vehicle {
  id: string;
  licensePlate: string;
  model: string;
  type: string;
  color: string;
  capacity: number;
  profileImage: string | null;
  createdAt: string;
}

export interface Route {
  id: string;
  name: string;
  startLocation: string;
  endLocation: string;
  distanceKm: number;
  durationMin: number;
  createdAt: string;
}

/** Kinds of profile image the upload endpoint takes: `/api/upload/profile/{kind}/add-profile-image`. */
export const PROFILE_IMAGE_KINDS = ['driver', 'parent', 'student', 'vehicle'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
