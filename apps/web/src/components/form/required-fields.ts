import type { z } from 'zod';

/**
 * The fields of `schema` that a form must not leave blank. Optional fields accept an empty text (it means
 * "none"), so a field that refuses one is required: the asterisks then follow the schema the API validates with,
 * and cannot drift from it. A field with a default (a checkbox left unticked) may be left out, so it is not.
 */
export function isRequiredField(schema: z.ZodObject, name: string): boolean {
  const field = schema.shape[name];
  return field !== undefined && !field.safeParse('').success && !field.safeParse(undefined).success;
}
