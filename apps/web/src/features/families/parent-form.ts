import { FAMILY_MESSAGES, parentInputSchema, type Parent, type ParentInput } from '@school-transport/shared';
import { useSchemaForm } from '../../components/form/useSchemaForm';

export const EMPTY_PARENT_FORM: ParentInput = {
  name: '',
  email: '',
  phone: '',
  alternativePhone: '',
  address: '',
  city: '',
  state: '',
  pinCode: '',
};

/** The update form starts from what is stored; missing optional values become empty fields. */
export function parentFormValues(parent: Parent): ParentInput {
  return {
    name: parent.user.name,
    email: parent.user.email,
    phone: parent.phone,
    alternativePhone: parent.alternativePhone,
    address: parent.address,
    city: parent.city ?? '',
    state: parent.state,
    pinCode: parent.pinCode,
  };
}

/** A form of the parent fields, with the reminder worded for them; `otherProblems` as for useSchemaForm. */
export const useParentForm = (values: ParentInput = EMPTY_PARENT_FORM, otherProblems?: () => string[]) =>
  useSchemaForm(parentInputSchema, values, { fillMessage: FAMILY_MESSAGES.fillRequired, otherProblems });
