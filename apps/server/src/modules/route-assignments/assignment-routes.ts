import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assignStudentsSchema } from '@school-transport/shared';
import { changeContextOf } from '../../lib/change-context.js';
import { success } from '../../lib/envelope.js';
import type { AssignmentService } from './assignment-service.js';

/** The one call route assignments have beyond the five every resource has. */
export function assignStudentsRoute(assignments: AssignmentService) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/route-assignments/assign-students',
        { schema: { tags: ['route-assignments'], body: assignStudentsSchema } },
        async (request) =>
          success(
            await assignments.assignStudents(request.body, changeContextOf(request)),
            'Students assigned successfully!',
          ),
      );
  };
}
