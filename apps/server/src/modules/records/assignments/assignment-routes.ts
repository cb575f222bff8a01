import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  assignmentCreateSchema,
  assignmentDetailsSchema,
  assignmentInputSchema,
  assignmentListQuerySchema,
  assignmentSummarySchema,
  assignStudentsSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { AssignmentService } from './assignment-service.js';

/** /api/route-assignments/…: the five calls every resource has (delete has its own name), and assign-students. */
export const assignmentRoutes = (assignments: AssignmentService) => async (app: FastifyInstance) => {
  await app.register(
    resourceRoutes({
      path: 'route-assignments',
      label: 'Route assignment',
      inputSchema: assignmentInputSchema,
      createSchema: assignmentCreateSchema,
      answerSchema: assignmentDetailsSchema,
      listItemSchema: assignmentSummarySchema,
      listQuerySchema: assignmentListQuerySchema,
      inputNamesRecords: true,
      deleteName: 'delete-route-assignment',
      service: assignments,
    }),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/route-assignments/assign-students',
    {
      schema: {
        tags: ['route-assignments'],
        body: assignStudentsSchema,
        response: { 200: answerSchema(assignmentDetailsSchema), ...errorAnswers(404, 409) },
      },
    },
    async (request) =>
      success(
        await assignments.assignStudents(request.body, changeContextOf(request)),
        'Students assigned successfully!',
      ),
  );
};
