import { z } from 'zod';
import { emailField, numberFromText, optionalText, phoneField, requiredText } from './fields.js';

/**
 * Parents and their children (students). Which fields are required follows spec section 5 (see
 * docs/decisions/011-families.md): a parent needs name, email, phone, alternative phone, address, state and ZIP
 * code; a child needs name, class, roll no and the pickup coordinates.
 */

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: `${label} is required and must be a number` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  );

/** NFC tags are read as hexadecimal or alphanumeric ids; stored upper case without separators. */
const nfcTagField = optionalText('NFC Tag ID', 64)
  .transform((tag) => (tag ? tag.replace(/[\s:-]/g, '').toUpperCase() : null))
  .refine(
    (tag) => tag === null || /^[A-Z0-9]{4,32}$/.test(tag),
    'NFC Tag ID must be 4 to 32 letters or digits',
  );

export const childInputSchema = z.object({
  name: requiredText('Child name', 100),
  class: requiredText('Class', 30),
  rollNo: requiredText('Roll No', 20),
  nfcTagId: nfcTagField,
  pickupAndDropLat: coordinate('Latitude', 90),
  pickupAndDropLng: coordinate('Longitude', 180),
  pickupDropAddress: optionalText('Pickup address', 300),
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

export interface Student {
  id: string;
  name: string;
  class: string;
  rollNo: string;
  nfcTagId: string | null;
  /** Signed, expiring path on the API host; null when no photo was uploaded. */
  profileImage: string | null;
  parent: { id: string; user: { name: string; email: string }; phone: string };
  pickupAndDropLat: number;
  pickupAndDropLng: number;
  pickupDropAddress: string | null;
  /** The route assignment the child rides with, if any. */
  assignment: { id: string; routeName: string } | null;
  createdAt: string;
}

export interface Parent {
  id: string;
  user: { id: string; name: string; email: string };
  phone: string;
  alternativePhone: string;
  address: string;
  city: string | null;
  state: string;
  pinCode: string;
  profileImage: string | null;
  /** Number of children (students) of this parent. */
  childrenCount: number;
  createdAt: string;
}

/** GET /api/parents/get-one/{id} also lists the children. */
export interface ParentDetails extends Parent {
  students: Student[];
}

/** Client-side messages of the Add Parent screen (spec section 5). */
export const FAMILY_MESSAGES = {
  fillRequired: 'Please fill all the required fields !',
  addOneChild: 'Please add at least one child !',
  fillChildRequired: 'Fill all the student required fields',
} as const;
