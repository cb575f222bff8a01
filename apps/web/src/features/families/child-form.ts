import { childInputSchema, FAMILY_MESSAGES, type ChildInput, type Student } from '@school-transport/shared';
import type { z } from 'zod';
import { useSchemaForm } from '../../components/form/useSchemaForm';

/** A child as the shared schema hands it over: trimmed, NFC tag normalised, coordinates numbers. */
export type ChildPayload = z.output<typeof childInputSchema>;

export const EMPTY_CHILD_FORM: ChildInput = {
  name: '',
  class: '',
  rollNo: '',
  nfcTagId: '',
  pickupAndDropLat: '',
  pickupAndDropLng: '',
  homeSource: 'HAND',
  pickupDropAddress: '',
  addressCity: '',
  addressPostcode: '',
  addressCountry: '',
  doorToDoor: false,
  handOver: 'RULE',
};

/** The update form starts from what is stored; missing optional values become empty fields. */
export function childFormValues(student: Student): ChildInput {
  return {
    name: student.name,
    class: student.class,
    rollNo: student.rollNo,
    nfcTagId: student.nfcTagId ?? '',
    pickupAndDropLat: student.pickupAndDropLat === null ? '' : String(student.pickupAndDropLat),
    pickupAndDropLng: student.pickupAndDropLng === null ? '' : String(student.pickupAndDropLng),
    homeSource: student.homeSource ?? 'HAND',
    pickupDropAddress: student.pickupDropAddress ?? '',
    addressCity: student.addressCity ?? '',
    addressPostcode: student.addressPostcode ?? '',
    addressCountry: student.addressCountry ?? '',
    doorToDoor: student.doorToDoor,
    handOver: student.handOver,
  };
}

/** A form of the child fields, with the reminder worded for them. */
export const useChildForm = (values: ChildInput = EMPTY_CHILD_FORM) =>
  useSchemaForm(childInputSchema, values, { fillMessage: FAMILY_MESSAGES.fillChildRequired });
