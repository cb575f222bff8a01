import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLAN_CHANGE_PATHS as PATHS,
  answerSchema,
  officePlanChangesAnswerSchema,
  officePlanChangesQuerySchema,
  planChangeRemindAnswerSchema,
  planChangeRemindInputSchema,
} from '@school-transport/shared';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { PlanChangeService } from './plan-change-service.js';

/**
 * The office's side of plan changes (/api/plan-changes, admin, decision 068): the changes no guardian has
 * acknowledged yet, and reminders. The guardians' side is the parent portal's (/api/parent/plan-changes).
 */
export function planChangeRoutes(changes: PlanChangeService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['plan changes'];

    routes.get(
      PATHS.officeList,
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: officePlanChangesQuerySchema,
          response: { 200: answerSchema(officePlanChangesAnswerSchema) },
        },
      },
      async (request) => success(await changes.open(request.query)),
    );

    routes.post(
      PATHS.officeRemind,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          body: planChangeRemindInputSchema,
          response: { 200: answerSchema(planChangeRemindAnswerSchema) },
        },
      },
      async (request) => {
        const answer = await changes.remind(request.body.ids, changeContextOf(request));
        const message =
          answer.reminded === 0
            ? 'Nobody was reminded: each chosen change was reminded today already, or is settled.'
            : `${answer.reminded} ${answer.reminded === 1 ? 'change' : 'changes'} reminded.`;
        return success(answer, message);
      },
    );
  };
}
