import { parentInputSchema, type ParentInput } from '@school-transport/shared';
import type { Control } from 'react-hook-form';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import type { ParentPayload } from './families-api';

/** The parent's fields in the order of the paper form; which are required comes from the schema. */
const PARENT_FIELDS: readonly FieldSpec<ParentInput>[] = [
  { name: 'name', label: 'Full Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone No', type: 'tel' },
  { name: 'alternativePhone', label: 'Alternative Phone No', type: 'tel' },
  { name: 'address', label: 'Address', multiline: true, minRows: 2, span: 12 },
  { name: 'city', label: 'City', span: 4 },
  { name: 'state', label: 'State', span: 4 },
  { name: 'pinCode', label: 'ZIP Code', span: 4 },
];

/** The parent's fields, the same on Add Parent and on the update screen. */
export function ParentFormFields({ control }: { control: Control<ParentInput, unknown, ParentPayload> }) {
  return <FieldGrid control={control} schema={parentInputSchema} fields={PARENT_FIELDS} />;
}
