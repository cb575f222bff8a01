import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HAND_OVER_PATHS as PATHS,
  answerSchema,
  authorizedAdultInputSchema,
  authorizedAdultSchema,
  handOverOfChildSchema,
  idParamsSchema,
  messageAnswerSchema,
  profileImageAnswerSchema,
  type AuthorizedAdult,
  type HandOverOfChild,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { errorAnswers, fileBytes } from '../../../lib/answers.js';
import { changeContextOf, type ChangeContext } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { refusal } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { ADULT_PHOTO_KIND, type HandOverService } from '../../operations/hand-over/index.js';
import {
  readImageUpload,
  registerImageUploads,
  storeReplacingImage,
  type ImageStorage,
  type ImageUrls,
} from '../../platform/uploads/index.js';
import { ownChild } from './parent-portal-service.js';

export interface ParentHandOverDeps {
  db: Database;
  handOver: HandOverService;
}

const adultNotFound = () => refusal(404, { code: 'refusal.handOver.adultNotFound' });

/**
 * A guardian's side of hand-over (decision 065): the authorized adults of their own children, listed, added,
 * removed and given a photo. Which children are theirs is the portal's one scoping (ownChild), never a query of
 * its own; an adult of anyone else's child answers 404 exactly as one that does not exist.
 */
export function createParentHandOver({ db, handOver }: ParentHandOverDeps) {
  /** The adult's child, once it is checked to be one of the user's; 404 otherwise. */
  async function ownAdult(userId: string, adultId: string): Promise<void> {
    const studentId = await handOver.childOfAdult(adultId);
    if (!studentId) throw adultNotFound();
    await ownChild(db, userId, studentId).catch(() => {
      throw adultNotFound();
    });
  }
  return {
    async ofChild(userId: string, studentId: string): Promise<HandOverOfChild> {
      await ownChild(db, userId, studentId);
      return handOver.ofChild(studentId);
    },
    async add(
      userId: string,
      studentId: string,
      input: z.output<typeof authorizedAdultInputSchema>,
      context: ChangeContext,
    ): Promise<AuthorizedAdult> {
      await ownChild(db, userId, studentId);
      return handOver.addAdult(studentId, input, context);
    },
    async remove(userId: string, adultId: string, context: ChangeContext): Promise<void> {
      await ownAdult(userId, adultId);
      await handOver.removeAdult(adultId, context);
    },
    /** The uploads' target for a guardian: only an adult of their own child. */
    /** 404 unless the adult is one of the guardian's own children's (before anything of an upload is read). */
    ownAdult,
    photoTarget: (userId: string) => ({
      async replaceProfileImage(id: string, fileName: string | null, context: ChangeContext) {
        await ownAdult(userId, id);
        return handOver.replaceProfileImage(id, fileName, context);
      },
    }),
  };
}
export type ParentHandOver = ReturnType<typeof createParentHandOver>;

export function parentHandOverRoutes(
  parentHandOver: ParentHandOver,
  files: { storage: ImageStorage; urls: ImageUrls },
) {
  return async (app: FastifyInstance) => {
    await registerImageUploads(app);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'parent' as const };
    const tags = ['parent portal'];
    const userOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

    routes.get(
      PATHS.parentAdults,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(handOverOfChildSchema), ...errorAnswers(404) },
        },
      },
      async (request) => success(await parentHandOver.ofChild(userOf(request), request.params.id)),
    );

    routes.post(
      PATHS.parentAdults,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          body: authorizedAdultInputSchema,
          response: { 201: answerSchema(authorizedAdultSchema), ...errorAnswers(404) },
        },
      },
      async (request, reply) => {
        const adult = await parentHandOver.add(
          userOf(request),
          request.params.id,
          request.body,
          changeContextOf(request),
        );
        return reply.code(201).send(success(adult, 'Authorized adult added.'));
      },
    );

    routes.delete(
      PATHS.parentAdult,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers(404) },
        },
      },
      async (request) => {
        await parentHandOver.remove(userOf(request), request.params.id, changeContextOf(request));
        return success(undefined, 'Authorized adult removed.');
      },
    );

    // The photo, as every upload is sent (multipart fields `image` and `id`, the adult's id).
    routes.post(
      PATHS.parentAdultPhoto,
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          readByHandler: {
            body: {
              mediaTypes: ['multipart/form-data'],
              schema: z.object({ image: fileBytes, id: z.uuid() }),
            },
          },
          response: { 200: answerSchema(profileImageAnswerSchema), ...errorAnswers(404, 413, 415) },
        },
      },
      async (request) => {
        const userId = userOf(request);
        const target = parentHandOver.photoTarget(userId);
        await parentHandOver.ownAdult(userId, request.params.id);
        const { fields, image } = await readImageUpload(request);
        // The address names the adult: a form field naming another one is refused as not found.
        if (fields.get('id') !== request.params.id) throw adultNotFound();
        const profileImage = await storeReplacingImage(files, ADULT_PHOTO_KIND, image, (fileName) =>
          target.replaceProfileImage(request.params.id, fileName, changeContextOf(request)),
        );
        return success({ profileImage }, 'Photo saved.');
      },
    );
  };
}
