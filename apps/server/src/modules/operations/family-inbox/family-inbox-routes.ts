import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAMILY_INBOX_PATHS as PATHS,
  answerSchema,
  colleagueSchema,
  familyInboxListQuerySchema,
  familyInboxUnreadSchema,
  threadMessageInputSchema,
  familyThreadAssigneeSchema,
  familyThreadSchema,
  familyThreadSummarySchema,
  idParamsSchema,
  manifestNoteInputSchema,
  messageAnswerSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import type { FamilyInboxService } from './family-inbox-service.js';

/**
 * The office's inbox of guardians' threads (/api/family-inbox, decision 067): the list by filter, the unread
 * badge, a thread, reply, assign, close and reopen, and the thread's note on that date's manifests. The guardians'
 * side is the parent portal's (/api/parent/threads).
 */
export function familyInboxRoutes(inbox: FamilyInboxService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['family inbox'];
    const answer = { 200: answerSchema(familyThreadSchema) };
    const params = idParamsSchema;

    routes.get(
      PATHS.list,
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: familyInboxListQuerySchema,
          response: { 200: answerSchema(z.array(familyThreadSummarySchema)) },
        },
      },
      async (request) => success(await inbox.list(request.query.filter, requireAuth(request).user.id)),
    );

    routes.get(
      PATHS.unread,
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(familyInboxUnreadSchema) } },
      },
      async () => success({ unread: await inbox.unread() }),
    );

    routes.get(
      PATHS.colleagues,
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(z.array(colleagueSchema)) } },
      },
      async () => success(await inbox.colleagues()),
    );

    routes.get(
      PATHS.one,
      {
        config: { access: 'office-read' },
        schema: { tags, params, response: { ...answer, ...errorAnswers({ 404: 'No such thread' }) } },
      },
      async (request) => success(await inbox.get(request.params.id)),
    );

    routes.post(
      PATHS.read,
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params,
          response: { 200: messageAnswerSchema, ...errorAnswers({ 404: 'No such thread' }) },
        },
      },
      async (request) => {
        await inbox.markRead(request.params.id);
        return success(undefined, 'Marked read.');
      },
    );

    routes.post(
      PATHS.reply,
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params,
          body: threadMessageInputSchema,
          response: {
            ...answer,
            ...errorAnswers({ 404: 'No such thread', 409: 'The thread is closed: reopen it to reply' }),
          },
        },
      },
      async (request) =>
        success(
          await inbox.reply(request.params.id, request.body.body, changeContextOf(request)),
          'Reply sent.',
        ),
    );

    routes.put(
      PATHS.assignee,
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params,
          body: familyThreadAssigneeSchema,
          response: {
            ...answer,
            ...errorAnswers({ 404: 'No such thread', 409: 'Not a colleague who can sign in' }),
          },
        },
      },
      async (request) =>
        success(
          await inbox.assign(request.params.id, request.body.userId, changeContextOf(request)),
          request.body.userId ? 'Thread assigned.' : 'Thread unassigned.',
        ),
    );

    routes.post(
      PATHS.close,
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params,
          response: { ...answer, ...errorAnswers({ 404: 'No such thread', 409: 'Closed already' }) },
        },
      },
      async (request) =>
        success(await inbox.close(request.params.id, changeContextOf(request)), 'Thread closed.'),
    );

    routes.post(
      PATHS.reopen,
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params,
          response: { ...answer, ...errorAnswers({ 404: 'No such thread', 409: 'Open already' }) },
        },
      },
      async (request) =>
        success(await inbox.reopen(request.params.id, changeContextOf(request)), 'Thread reopened.'),
    );

    routes.put(
      PATHS.manifestNote,
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params,
          body: manifestNoteInputSchema,
          response: {
            ...answer,
            ...errorAnswers({ 404: 'No such thread', 409: 'The thread’s date has passed' }),
          },
        },
      },
      async (request) =>
        success(
          await inbox.setManifestNote(request.params.id, request.body.note, changeContextOf(request)),
          'Note put on the manifest.',
        ),
    );

    routes.delete(
      PATHS.manifestNote,
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params,
          response: {
            ...answer,
            ...errorAnswers({ 404: 'No such thread', 409: 'The thread made no note' }),
          },
        },
      },
      async (request) =>
        success(
          await inbox.removeManifestNote(request.params.id, changeContextOf(request)),
          'Note removed from the manifest.',
        ),
    );
  };
}
