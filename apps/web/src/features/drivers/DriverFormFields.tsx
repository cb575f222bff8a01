import { driverInputSchema, type Driver, type DriverInput } from '@school-transport/shared';
import type { Control } from 'react-hook-form';
import { FieldGrid, type FieldSpec } from '../../components/form/FieldGrid';
import type { DriverPayload } from './drivers-api';

/**
 * The driver's form in one place (values, fields, layout), used by the add modal and the update screen: a new
 * field is added here only. Missing optional values become empty fields.
 */
export function driverFormValues(driver?: Driver): DriverInput {
  return {
    name: driver?.user.name ?? '',
    email: driver?.user.email ?? '',
    phone: driver?.phone ?? '',
    licenseNo: driver?.licenseNo ?? '',
    alternativePhone: driver?.alternativePhone ?? '',
    address: driver?.address ?? '',
  };
}

const DRIVER_FIELDS: readonly FieldSpec<DriverInput>[] = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'alternativePhone', label: 'Alternative Phone', type: 'tel' },
  { name: 'licenseNo', label: 'License No' },
  { name: 'address', label: 'Address', multiline: true, minRows: 2, span: 12 },
];

/** The driver's fields, the same in the add modal and on the update screen. */
export function DriverFormFields({ control }: { control: Control<DriverInput, unknown, DriverPayload> }) {
  return <FieldGrid control={control} schema={driverInputSchema} fields={DRIVER_FIELDS} />;
}
