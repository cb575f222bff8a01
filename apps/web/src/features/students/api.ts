import type { Student, studentInputSchema } from '@school-transport/shared';
import type { z } from 'zod';
import { useDeleteResource, useResourceItem, useSaveResource } from '../../lib/resource-api';
import { PARENTS } from '../parents';
import { STUDENTS } from './paths';

/** What the form hands over once the shared schema has parsed it (NFC tag normalised, coordinates numbers). */
export type StudentPayload = z.output<typeof studentInputSchema>;

/** A child's change shows on its parent's screens too (the children listed, the Children count). */
const FAMILY = { alsoRefresh: [PARENTS] };

export const useStudent = (id: string) => useResourceItem<Student>(STUDENTS, id);
export const useSaveStudent = () => useSaveResource<StudentPayload>(STUDENTS, FAMILY);
export const useDeleteStudent = () => useDeleteResource(STUDENTS, FAMILY);
