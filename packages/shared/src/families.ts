import { z } from 'zod';
import { INVITED_ACCOUNT_STATES } from './accounts.js';
import { HAND_OVER_CHOICES } from './hand-over.js';
import { profileImageField } from './profile-images.js';
import { addressPartsSchema, ADDRESS_STATUSES, HOME_SOURCES } from './geocoding.js';
import { coordinate, emailField, nfcTagField, phoneField, optionalText, requiredText } from './fields.js';

/**
 * Parents and their children (students). Which fields are required is docs/decisions/011-families.md: a parent
 * needs name, email, phone, alternative phone, address, state and ZIP code; a child needs name, class, roll no and
 * the pickup coordinates.
 */

/** An empty field (the form's '') is no point. */
const optionalCoordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    coordinate(label, limit).nullish(),
  );

export const childInputSchema = z.object({
  name: requiredText('Child name', 100),
  class: requiredText('Class', 30),
  rollNo: requiredText('Roll No', 20),
  nfcTagId: nfcTagField,
  /**
   * The home point. Either both or neither (decision 072): without one, the server asks the geocoder to place the
   * address (and refuses in words when there is no address, or no geocoder).
   */
  pickupAndDropLat: optionalCoordinate('Latitude', 90),
  pickupAndDropLng: optionalCoordinate('Longitude', 180),
  /** Who set the point given: a person (HAND, never overwritten by the geocoder) or a suggestion picked (GEOCODER). */
  homeSource: z.enum(HOME_SOURCES).default('HAND'),
  /** The home address's free line (street and number); its structured parts follow. */
  pickupDropAddress: optionalText('Pickup address', 300),
  ...addressPartsSchema.shape,
  /** Special needs: always picked up and set down at their own door, never at a shared stop (route planner). */
  doorToDoor: z.boolean().default(false),
  /** Hand-over at drop-off: the operator's rule by class, or always, or never (decision 065). */
  handOver: z.enum(HAND_OVER_CHOICES).default('RULE'),
});
export type ChildInput = z.input<typeof childInputSchema>;

/** POST /api/students/create and PUT /api/students/update/{id}: a child of an existing parent. */
export const studentInputSchema = childInputSchema.extend({ parentId: z.uuid('Choose the parent') });
export type StudentInput = z.input<typeof studentInputSchema>;

export const parentInputSchema = z.object({
  name: requiredText('Full name', 100),
  email: emailField('Email'),
  phone: phoneField('Phone No'),
  alternativePhone: phoneField('Alternative Phone No'),
  address: requiredText('Address', 300),
  city: optionalText('City', 100),
  state: requiredText('State', 100),
  pinCode: requiredText('ZIP Code', 12).regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
    'ZIP Code may contain only letters, digits, spaces and dashes',
  ),
});
export type ParentInput = z.input<typeof parentInputSchema>;

/** The most children one enrolment may carry; a family with more is entered child by child. */
export const MAX_CHILDREN_PER_ENROLMENT = 10;

/** POST /api/parents/create: the parent, and optionally the children, written in one transaction. */
export const parentCreateSchema = parentInputSchema.extend({
  children: z
    .array(childInputSchema)
    .max(MAX_CHILDREN_PER_ENROLMENT, `At most ${MAX_CHILDREN_PER_ENROLMENT} children at once`)
    .default([]),
});
export type ParentCreateInput = z.input<typeof parentCreateSchema>;

/** What the API answers for a student (dates as ISO strings). */
export const studentSchema = z.object({
  id: z.string(),
  name: z.string(),
  class: z.string(),
  rollNo: z.string(),
  nfcTagId: z.string().nullable(),
  profileImage: profileImageField,
  parent: z.object({
    id: z.string(),
    user: z.object({ name: z.string(), email: z.string() }),
    phone: z.string(),
  }),
  /** Null while the address waits for the geocoder or the office's review (addressStatus). */
  pickupAndDropLat: z.number().nullable(),
  pickupAndDropLng: z.number().nullable(),
  pickupDropAddress: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressPostcode: z.string().nullable(),
  addressCountry: z.string().nullable(),
  homeSource: z.enum(HOME_SOURCES).nullable(),
  addressStatus: z.enum(ADDRESS_STATUSES),
  doorToDoor: z.boolean(),
  handOver: z.enum(HAND_OVER_CHOICES),
  /** The route assignment the child rides with, if any, and its route. */
  assignment: z.object({ id: z.string(), routeId: z.string(), routeName: z.string() }).nullable(),
  /** When the child was deactivated (gone from the roster, decision 076); null: active. */
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

/** What the API answers for a parent in a list (dates as ISO strings). */
export const parentSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  phone: z.string(),
  alternativePhone: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  state: z.string(),
  pinCode: z.string(),
  profileImage: profileImageField,
  /** Number of children (students) of this parent. */
  childrenCount: z.number(),
  /** The parent's account for the parent portal. */
  account: z.enum(INVITED_ACCOUNT_STATES),
  /** When the guardian was deactivated (gone from the roster, decision 076); null: active. */
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Parent = z.infer<typeof parentSchema>;

/** GET /api/parents/get-one/{id} (and create, update) also lists the children. */
export const parentDetailsSchema = parentSchema.extend({ students: z.array(studentSchema) });
export type ParentDetails = z.infer<typeof parentDetailsSchema>;

/**
 * PUT /api/parent/profile: what a signed-in parent changes of their own record, their contact details. Name and
 * e-mail are not among them: they are the office's record of who may follow the children (and the e-mail is the
 * sign-in), so the office changes them.
 */
/** The contact fields of a parent's record: what the parent changes themselves. */
const CONTACT_FIELDS = {
  phone: true,
  alternativePhone: true,
  address: true,
  city: true,
  state: true,
  pinCode: true,
} as const;

export const parentProfileInputSchema = parentInputSchema.pick(CONTACT_FIELDS);
export type ParentProfileInput = z.input<typeof parentProfileInputSchema>;

/** GET /api/parent/profile: the parent's contact details, with the name and e-mail the office keeps (read only). */
export const parentProfileSchema = parentSchema
  .pick(CONTACT_FIELDS)
  .extend({ name: z.string(), email: z.string() });
export type ParentProfile = z.infer<typeof parentProfileSchema>;

/** Client-side messages of the Add Parent screen. */
export const FAMILY_MESSAGES = {
  fillRequired: 'Please fill all the required fields !',
  addOneChild: 'Please add at least one child !',
  fillChildRequired: 'Fill all the student required fields',
} as const;
