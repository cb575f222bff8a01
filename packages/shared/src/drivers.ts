import { z } from 'zod';
import { INVITED_ACCOUNT_STATES } from './accounts.js';
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

/** What the API answers for a driver (dates as ISO strings). */
export const driverSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  phone: z.string(),
  alternativePhone: z.string().nullable(),
  licenseNo: z.string(),
  address: z.string().nullable(),
  profileImage: profileImageField,
  /** The driver's account for the driver app. */
  account: z.enum(INVITED_ACCOUNT_STATES),
  /** The route assignment the driver holds, if any: its vehicle and route, flat so a CSV export has a column each. */
  assignment: z
    .object({
      id: z.string(),
      vehicleId: z.string(),
      licensePlate: z.string(),
      routeId: z.string(),
      routeName: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;
