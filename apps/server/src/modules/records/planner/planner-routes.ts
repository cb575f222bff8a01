import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  idParamsSchema,
  planAcceptedSchema,
  planProposalSchema,
  planRequestSchema,
  planReviewSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { PlannerService } from './planner-service.js';

/** /api/planner/proposals/…: start a planning job, follow it, cancel it, review and accept its plan. For administrators. */
export const plannerRoutes = (planner: PlannerService) => async (app: FastifyInstance) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['planner'];
  const answer = answerSchema(planProposalSchema);

  routes.post(
    '/planner/proposals',
    {
      schema: {
        tags,
        body: planRequestSchema,
        response: {
          201: answer,
          ...errorAnswers({
            404: 'The school, a child or a vehicle named does not exist',
            409: 'The server has as many planning jobs as it takes',
          }),
        },
      },
    },
    async (request, reply) => {
      const { proposal, ahead } = await planner.start(request.body, changeContextOf(request));
      const message =
        ahead === 0
          ? 'Planning started.'
          : `Planning queued: another planning job is running on this server` +
            `${ahead > 1 ? ` and ${ahead - 1} more ${ahead === 2 ? 'is' : 'are'} waiting` : ''}; ` +
            'this one starts when they have finished.';
      return reply.code(201).send(success(proposal, message));
    },
  );

  routes.get(
    '/planner/proposals/:id',
    {
      config: { access: 'office-read' },
      schema: { tags, params: idParamsSchema, response: { 200: answer } },
    },
    async (request) => success(await planner.get(request.params.id)),
  );

  routes.post(
    '/planner/proposals/:id/cancel',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: answer, ...errorAnswers({ 409: 'The planning job is not running any more' }) },
      },
    },
    async (request) =>
      success(await planner.cancel(request.params.id, changeContextOf(request)), 'Planning cancelled.'),
  );

  routes.get(
    '/planner/proposals/:id/review',
    {
      config: { access: 'office-read' },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: answerSchema(planReviewSchema), ...errorAnswers({ 409: 'The plan is not done' }) },
      },
    },
    async (request) => success(await planner.review(request.params.id)),
  );

  routes.post(
    '/planner/proposals/:id/accept',
    {
      schema: {
        tags,
        params: idParamsSchema,
        response: {
          200: answerSchema(planAcceptedSchema),
          ...errorAnswers({ 409: 'The plan is not done, or the data changed since it was made' }),
        },
      },
    },
    async (request) =>
      success(await planner.accept(request.params.id, changeContextOf(request)), 'Plan accepted.'),
  );
};
