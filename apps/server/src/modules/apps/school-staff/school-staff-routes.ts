import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SCHOOL_STAFF_PATHS as PATHS,
  answerSchema,
  idParamsSchema,
  schoolChildDetailSchema,
  schoolChildSchema,
  schoolRunDetailSchema,
  schoolRunSchema,
  staffSchoolSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import type { SchoolStaffService } from './school-staff-service.js';

/**
 * School staff's API (/api/school/…, decision 069): a signed-in school-staff user only ('school'), about their own
 * schools only. The office reads the same records through its own routes; one audience per route, as the driver
 * app and the parent portal.
 */
export function schoolStaffRoutes(service: SchoolStaffService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'school' as const };
    const tags = ['school staff'];
    const userOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;
    const notTheirs = (what: string) => errorAnswers({ 404: `${what} not found, or not of your schools` });

    routes.get(
      PATHS.schools,
      { config, schema: { tags, response: { 200: answerSchema(z.array(staffSchoolSchema)) } } },
      async (request) => success(await service.schools(userOf(request))),
    );

    routes.get(
      PATHS.children,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(z.array(schoolChildSchema)), ...notTheirs('School') },
        },
      },
      async (request) => success(await service.children(userOf(request), request.params.id)),
    );

    routes.get(
      PATHS.today,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(z.array(schoolRunSchema)), ...notTheirs('School') },
        },
      },
      async (request) => success(await service.today(userOf(request), request.params.id)),
    );

    routes.get(
      PATHS.child,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(schoolChildDetailSchema), ...notTheirs('Child') },
        },
      },
      async (request) => success(await service.child(userOf(request), request.params.id)),
    );

    routes.get(
      PATHS.run,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(schoolRunDetailSchema), ...notTheirs('Run') },
        },
      },
      async (request) => success(await service.run(userOf(request), request.params.id)),
    );
  };
}
