import type { FastifyInstance } from 'fastify';
import {
  parentCreateSchema,
  parentDetailsSchema,
  parentInputSchema,
  parentListQuerySchema,
  parentSchema,
  studentInputSchema,
  studentListQuerySchema,
  studentSchema,
} from '@school-transport/shared';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { ParentService } from './parent-service.js';
import type { StudentService } from './student-service.js';

/** /api/parents/… and /api/students/…: a parent and their children. */
export const familyRoutes =
  (parents: ParentService, students: StudentService) => async (app: FastifyInstance) => {
    await app.register(
      resourceRoutes({
        path: 'parents',
        label: 'Parent',
        inputSchema: parentInputSchema,
        createSchema: parentCreateSchema,
        listQuerySchema: parentListQuerySchema,
        answerSchema: parentDetailsSchema,
        listItemSchema: parentSchema,
        service: parents,
      }),
    );
    await app.register(
      resourceRoutes({
        path: 'students',
        label: 'Student',
        inputSchema: studentInputSchema,
        inputNamesRecords: true,
        listQuerySchema: studentListQuerySchema,
        answerSchema: studentSchema,
        service: students,
      }),
    );
  };
