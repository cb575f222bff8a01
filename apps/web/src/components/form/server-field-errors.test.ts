import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-client';
import { showServerFieldErrors } from './server-field-errors';

type Values = { name: string; address: string };
const FIELDS = ['name', 'address'] as const;

describe('showServerFieldErrors', () => {
  it('puts each refusal under the field it names and focuses the first', () => {
    const setError = vi.fn();
    const conflict = new ApiError(409, 'Conflict', [
      { field: 'name', message: 'A school with this name already exists.' },
      { field: 'address', message: 'Address is taken too.' },
    ]);

    expect(showServerFieldErrors<Values>(conflict, FIELDS, setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'A school with this name already exists.' }, { shouldFocus: true }],
      ['address', { type: 'server', message: 'Address is taken too.' }, { shouldFocus: false }],
    ]);
  });

  it('leaves the report to the caller when a refusal names no field of the form', () => {
    const setError = vi.fn();
    const partly = new ApiError(409, 'Conflict', [
      { field: 'name', message: 'Taken.' },
      { field: 'licensePlate', message: 'Not on this form.' },
    ]);

    expect(showServerFieldErrors<Values>(partly, FIELDS, setError)).toBe(false);
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('places nothing for a failure without field errors or that is no API answer', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors<Values>(new ApiError(500, 'Down'), FIELDS, setError)).toBe(false);
    expect(showServerFieldErrors<Values>(new Error('offline'), FIELDS, setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
