import { childInputSchema, driverInputSchema, parentInputSchema } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import { isRequiredField } from './required-fields';

const requiredOf = (schema: Parameters<typeof isRequiredField>[0]) =>
  Object.keys(schema.shape).filter((name) => isRequiredField(schema, name));

describe('isRequiredField', () => {
  it('reads the required fields from the shared schemas', () => {
    expect(requiredOf(parentInputSchema)).toEqual([
      'name',
      'email',
      'phone',
      'alternativePhone',
      'address',
      'state',
      'pinCode',
    ]);
    // A home is a point or an address the geocoder places (decision 072): neither coordinate is required alone.
    expect(requiredOf(childInputSchema)).toEqual(['name', 'class', 'rollNo']);
    expect(requiredOf(driverInputSchema)).toEqual(['name', 'email', 'phone', 'licenseNo']);
  });

  it('knows no field the schema does not have', () => {
    expect(isRequiredField(parentInputSchema, 'nickname')).toBe(false);
  });
});
