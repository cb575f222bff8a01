import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PARENT_PORTAL_PATHS as PATHS,
  absenceSchema,
  answerSchema,
  childHistoryEntrySchema,
  idParamsSchema,
  messageAnswerSchema,
  parentAbsenceInputSchema,
  parentBusAnswerSchema,
  parentChildrenQuerySchema,
  parentChildSchema,
  parentFamilyDataSchema,
  parentPortalSettingsSchema,
  FAMILY_INBOX_PATHS,
  GUARDIAN_PATHS,
  guardianRequestInputSchema,
  guardianRequestSchema,
  threadMessageInputSchema,
  familyThreadInputSchema,
  parentThreadSchema,
  PLAN_CHANGE_PATHS,
  planChangeSchema,
  STOP_CHANGE_PATHS,
  stopChangeInputSchema,
  stopChangeSchema,
  stopOptionSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import type { ParentPortalService } from './parent-portal-service.js';
import type { GuardianService } from '../../records/families/index.js';
import type { PlanChangeService } from '../../records/plan-changes/index.js';
import type { ParentFamilyInbox } from './parent-family-inbox.js';
import type { ParentStopChanges } from './parent-stop-changes.js';

/** The parent portal's API (/api/parent/…): a signed-in parent only, about their own children only. */
export function parentPortalRoutes(
  portal: ParentPortalService,
  stopChanges: ParentStopChanges,
  planChanges: Pick<PlanChangeService, 'ofGuardian' | 'acknowledge'>,
  inbox: ParentFamilyInbox,
  guardians: Pick<GuardianService, 'requestsOfGuardian' | 'request'>,
) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'parent' as const };
    const tags = ['parent portal'];
    const userOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

    routes.get(
      PATHS.children,
      {
        config,
        schema: {
          tags,
          querystring: parentChildrenQuerySchema,
          response: { 200: answerSchema(z.array(parentChildSchema)) },
        },
      },
      async (request) => success(await portal.children(userOf(request), request.query.date)),
    );

    routes.get(
      PATHS.bus,
      {
        config,
        schema: { tags, params: idParamsSchema, response: { 200: answerSchema(parentBusAnswerSchema) } },
      },
      async (request) => success(await portal.bus(userOf(request), request.params.id)),
    );

    routes.get(
      PATHS.childAbsences,
      {
        config,
        schema: { tags, params: idParamsSchema, response: { 200: answerSchema(z.array(absenceSchema)) } },
      },
      async (request) => success(await portal.absencesOf(userOf(request), request.params.id)),
    );

    routes.post(
      PATHS.childAbsences,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          body: parentAbsenceInputSchema,
          response: {
            201: answerSchema(z.array(absenceSchema)),
            ...errorAnswers({
              409: 'Too late to change online (the run’s cut-off has passed), or the child is marked already',
            }),
          },
        },
      },
      async (request, reply) => {
        const marked = await portal.markAbsent(
          userOf(request),
          request.params.id,
          request.body,
          changeContextOf(request),
        );
        return reply.code(201).send(success(marked, 'Marked not riding.'));
      },
    );

    routes.delete(
      PATHS.absence,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: messageAnswerSchema,
            ...errorAnswers({
              409: 'The office marked this absence, or it is too late to change it online',
            }),
          },
        },
      },
      async (request) => {
        await portal.removeAbsence(userOf(request), request.params.id, changeContextOf(request));
        return success(undefined, 'Your child is riding again.');
      },
    );

    routes.get(
      PATHS.childHistory,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(z.array(childHistoryEntrySchema)) },
        },
      },
      async (request) => success(await portal.history(userOf(request), request.params.id)),
    );

    routes.get(
      PATHS.settings,
      { config, schema: { tags, response: { 200: answerSchema(parentPortalSettingsSchema) } } },
      async () => success(portal.settings()),
    );

    routes.get(
      PATHS.familyData,
      {
        config,
        schema: {
          tags,
          response: {
            200: answerSchema(parentFamilyDataSchema),
            ...errorAnswers({ 404: 'No family is linked to this account' }),
          },
        },
      },
      async (request, reply) => {
        const data = await portal.familyData(userOf(request));
        const day = data.exportedAt.slice(0, 10);
        reply.header('content-disposition', `attachment; filename="family-data-${day}.json"`);
        return success(data);
      },
    );
    routes.get(
      STOP_CHANGE_PATHS.parentList,
      { config, schema: { tags, response: { 200: answerSchema(z.array(stopChangeSchema)) } } },
      async (request) => success(await stopChanges.list(userOf(request))),
    );

    routes.get(
      STOP_CHANGE_PATHS.parentOptions,
      { config, schema: { tags, response: { 200: answerSchema(z.array(stopOptionSchema)) } } },
      async () => success(await stopChanges.options()),
    );

    routes.post(
      STOP_CHANGE_PATHS.parentList,
      {
        config,
        schema: {
          tags,
          body: stopChangeInputSchema,
          response: {
            201: answerSchema(stopChangeSchema),
            ...errorAnswers({
              404: 'Not one of your children',
              409: 'Too late to change online, the date has passed, or the stop is not on that run',
            }),
          },
        },
      },
      async (request, reply) => {
        const made = await stopChanges.request(userOf(request), request.body, changeContextOf(request));
        return reply.code(201).send(success(made, 'Request sent to the office.'));
      },
    );

    routes.post(
      STOP_CHANGE_PATHS.parentWithdraw,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: messageAnswerSchema,
            ...errorAnswers({ 404: 'No such request of yours', 409: 'The office has decided it already' }),
          },
        },
      },
      async (request) => {
        await stopChanges.withdraw(userOf(request), request.params.id, changeContextOf(request));
        return success(undefined, 'Request withdrawn.');
      },
    );

    // Changes to the children's standing plans (decision 068): each query is scoped to the guardian's own children.
    routes.get(
      PLAN_CHANGE_PATHS.parentList,
      { config, schema: { tags, response: { 200: answerSchema(z.array(planChangeSchema)) } } },
      async (request) => success(await planChanges.ofGuardian(userOf(request))),
    );

    routes.post(
      PLAN_CHANGE_PATHS.parentAcknowledge,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: answerSchema(planChangeSchema),
            ...errorAnswers({
              404: 'No such change of your children',
              409: 'A newer change replaced this one',
            }),
          },
        },
      },
      async (request) =>
        success(
          await planChanges.acknowledge(userOf(request), request.params.id, changeContextOf(request)),
          'Change acknowledged.',
        ),
    );

    // Messages to the office (decision 067): the guardian's own threads only.
    routes.get(
      FAMILY_INBOX_PATHS.parentList,
      { config, schema: { tags, response: { 200: answerSchema(z.array(parentThreadSchema)) } } },
      async (request) => success(await inbox.list(userOf(request))),
    );

    routes.post(
      FAMILY_INBOX_PATHS.parentList,
      {
        config,
        schema: {
          tags,
          body: familyThreadInputSchema,
          response: {
            201: answerSchema(parentThreadSchema),
            ...errorAnswers({ 404: 'Not one of your children' }),
          },
        },
      },
      async (request, reply) => {
        const made = await inbox.start(userOf(request), request.body, changeContextOf(request));
        return reply.code(201).send(success(made, 'Message sent to the office.'));
      },
    );

    routes.get(
      FAMILY_INBOX_PATHS.parentOne,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: answerSchema(parentThreadSchema),
            ...errorAnswers({ 404: 'No such thread of yours' }),
          },
        },
      },
      async (request) => success(await inbox.get(userOf(request), request.params.id)),
    );

    routes.post(
      FAMILY_INBOX_PATHS.parentMessages,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          body: threadMessageInputSchema,
          response: {
            200: answerSchema(parentThreadSchema),
            ...errorAnswers({ 404: 'No such thread of yours' }),
          },
        },
      },
      async (request) =>
        success(
          await inbox.write(userOf(request), request.params.id, request.body.body, changeContextOf(request)),
          'Message sent to the office.',
        ),
    );

    routes.post(
      FAMILY_INBOX_PATHS.parentRead,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers({ 404: 'No such thread of yours' }) },
        },
      },
      async (request) => {
        await inbox.markRead(userOf(request), request.params.id);
        return success(undefined, 'Marked read.');
      },
    );

    // Requests for another guardian of a child (decision 064): the office approves or declines them
    // (records/families). A guardian sees the requests about the children they are linked to, and asks only for those.
    routes.get(
      GUARDIAN_PATHS.parentRequests,
      { config, schema: { tags, response: { 200: answerSchema(z.array(guardianRequestSchema)) } } },
      async (request) => success(await guardians.requestsOfGuardian(userOf(request))),
    );

    routes.post(
      GUARDIAN_PATHS.parentRequests,
      {
        config,
        schema: {
          tags,
          body: guardianRequestInputSchema,
          response: {
            201: answerSchema(guardianRequestSchema),
            ...errorAnswers({ 404: 'Not one of your children' }),
          },
        },
      },
      async (request, reply) => {
        const made = await guardians.request(userOf(request), request.body, changeContextOf(request));
        return reply.code(201).send(success(made, 'Request sent to the office.'));
      },
    );
  };
}
