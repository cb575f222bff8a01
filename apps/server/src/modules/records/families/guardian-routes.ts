import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GUARDIAN_PATHS as PATHS,
  answerSchema,
  guardianLinkParamsSchema,
  guardianLinkSchema,
  guardianRequestApproveSchema,
  guardianRequestDeclineSchema,
  guardianRequestListQuerySchema,
  guardianRequestSchema,
  guardianSchema,
  idParamsSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { GuardianService } from './guardian-service.js';

/**
 * The office's guardians (decision 064): a child's guardians, linking and unlinking them, and the queue of the
 * guardians' requests for another guardian. The guardians' side is the parent portal's (/api/parent/…).
 */
export function guardianRoutes(guardians: GuardianService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['guardians'];
    const listAnswer = { 200: answerSchema(z.array(guardianSchema)) };
    const requestAnswer = { 200: answerSchema(guardianRequestSchema) };

    routes.get(
      PATHS.ofStudent,
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          params: idParamsSchema,
          response: { ...listAnswer, ...errorAnswers({ 404: 'No such child' }) },
        },
      },
      async (request) => success(await guardians.list(request.params.id)),
    );

    routes.post(
      PATHS.ofStudent,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: idParamsSchema,
          body: guardianLinkSchema,
          response: {
            ...listAnswer,
            ...errorAnswers({ 404: 'No such child or parent', 409: 'Already a guardian of the child' }),
          },
        },
      },
      async (request) =>
        success(
          await guardians.link(request.params.id, request.body, changeContextOf(request)),
          'Guardian linked.',
        ),
    );

    routes.delete(
      PATHS.link,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: guardianLinkParamsSchema,
          response: {
            ...listAnswer,
            ...errorAnswers({ 404: 'No such child or link', 409: 'The child’s only guardian' }),
          },
        },
      },
      async (request) =>
        success(
          await guardians.unlink(request.params.id, request.params.parentId, changeContextOf(request)),
          'Guardian unlinked.',
        ),
    );

    routes.get(
      PATHS.requests,
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: guardianRequestListQuerySchema,
          response: { 200: answerSchema(z.array(guardianRequestSchema)) },
        },
      },
      async (request) => success(await guardians.requests(request.query.state)),
    );

    routes.post(
      PATHS.approve,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: idParamsSchema,
          body: guardianRequestApproveSchema,
          response: {
            ...requestAnswer,
            ...errorAnswers({
              404: 'No such request',
              409: 'Decided already, or the e-mail is another account’s',
            }),
          },
        },
      },
      async (request) =>
        success(
          await guardians.approve(request.params.id, request.body, changeContextOf(request)),
          'Guardian added and invited.',
        ),
    );

    routes.post(
      PATHS.decline,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          params: idParamsSchema,
          body: guardianRequestDeclineSchema,
          response: { ...requestAnswer, ...errorAnswers({ 404: 'No such request', 409: 'Decided already' }) },
        },
      },
      async (request) =>
        success(
          await guardians.decline(request.params.id, request.body.reason, changeContextOf(request)),
          'Request declined.',
        ),
    );
  };
}
