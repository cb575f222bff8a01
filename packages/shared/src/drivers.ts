import { z } from 'zod';
import { profileImageField } from './profile-images.js';
import { emailField, optionalPhoneField, optionalText, phoneField, requiredText } from './fields.js';

/** Drivers: create and update take the same fields (update replaces them all). */
export const driverInputSchema = z.object({
  name: requiredText('Name', 100),
  email: emailField('Email'),
  phone: phoneField('Phone'),
  alternativePhone: optionalPhoneField('Alternative phone'),
  licenseNo: requiredText('License No', 30),
  address: optionalText('Address', 300),
});
export type DriverInput = z.input<typeof driverInputSchema>;

/**
 * The driver's account for the driver app: none (no password, no live invitation), invited (a link that still
 * works is out), active (a password is set), disabled.
 */
export const DRIVER_ACCOUNT_STATES = ['none', 'invited', 'active', 'disabled'] as const;
export type DriverAccountState = (typeof DRIVER_ACCOUNT_STATES)[number];

/** What the API answers for a driver (dates as ISO strings). */
export const driverSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  phone: z.string(),
  alternativePhone: z.string().nullable(),
  licenseNo: z.string(),
  address: z.string().nullable(),
  profileImage: profileImageField,
  account: z.enum(DRIVER_ACCOUNT_STATES),
  createdAt: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;

/** POST /api/drivers/{id}/invite: where and when the invitation to the driver app was sent. */
export const driverInvitationSchema = z.object({
  email: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type DriverInvitation = z.infer<typeof driverInvitationSchema>;
