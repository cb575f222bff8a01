import { z } from 'zod';
import {
  assignmentSummarySchema,
  auditEntrySchema,
  busRouteSchema,
  driverSchema,
  parentSchema,
  schoolSchema,
  staffUserSchema,
  stopSchema,
  studentSchema,
  tripSchema,
  vehicleSchema,
  type ExportList,
} from '@school-transport/shared';
import type { CsvCell, CsvColumn } from '../../../lib/csv.js';

/** The row each list's `get-all` answers: the CSV has a column per field it sends, nothing more. */
const LIST_ROWS: Record<ExportList, z.ZodType> = {
  drivers: driverSchema,
  parents: parentSchema,
  students: studentSchema,
  vehicles: vehicleSchema,
  routes: busRouteSchema,
  stops: stopSchema,
  schools: schoolSchema,
  'route-assignments': assignmentSummarySchema,
  trips: tripSchema,
  users: staffUserSchema,
  'audit-log': auditEntrySchema,
};

type Json = Record<string, unknown>;

function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
    inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** A value the list sends that is not a plain cell: a list of names, or the object as JSON. */
function cellOf(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value))
    return value
      .map((item) =>
        item && typeof item === 'object' && 'name' in item
          ? String(item.name)
          : typeof item === 'object'
            ? JSON.stringify(item)
            : String(item),
      )
      .join('; ');
  return JSON.stringify(value);
}

/**
 * The columns of a list's CSV, from the schema of its rows: a field is a column, an object's fields are columns
 * named `object.field` (a driver's `user.name`), a list is one cell of its names.
 */
function columnsOf(schema: z.ZodType, path: string[] = []): CsvColumn<Json>[] {
  const shape = unwrapped(schema);
  // One level of nesting: deeper objects are one cell of JSON.
  if (!(shape instanceof z.ZodObject) || path.length >= 2) {
    return [
      {
        header: path.join('.'),
        value: (row) => cellOf(path.reduce<unknown>((value, key) => (value as Json | null)?.[key], row)),
      },
    ];
  }
  return Object.entries(shape.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
    columnsOf(field, [...path, key]),
  );
}

export const listColumns = (list: ExportList): CsvColumn<Json>[] => columnsOf(LIST_ROWS[list]);
