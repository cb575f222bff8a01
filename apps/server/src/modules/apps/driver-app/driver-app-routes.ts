import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  driverTripSchema,
  finishTripInputSchema,
  idParamsSchema,
  manifestSchema,
  stopNoteInputSchema,
  stopNoteSchema,
  stopPhotoSchema,
  MESSAGES,
  tripSchema,
} from '@school-transport/shared';
import { z } from 'zod';
import { errorAnswers, fileBytes } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { readImageUpload, registerImageUploads } from '../../platform/uploads/index.js';
import type { DriverAppService } from './driver-app-service.js';

/**
 * /api/driver/…: the signed-in driver's own trips (access 'driver': administrators are refused, see
 * plugins/authentication.ts). /api/trips/{id}/manifest: the same manifest for the office (admin, the default).
 */
export function driverAppRoutes(driverApp: DriverAppService) {
  return async (app: FastifyInstance) => {
    // A stop's photo from the driver's phone comes as the office's does: multipart, one image under 2 MB.
    await registerImageUploads(app);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['driver app'];
    const driverOnly = { access: 'driver' } as const;
    const tripAnswer = { 200: answerSchema(tripSchema) };
    const manifestAnswer = { 200: answerSchema(manifestSchema) };

    routes.get(
      '/driver/today',
      { config: driverOnly, schema: { tags, response: { 200: answerSchema(driverTripSchema.array()) } } },
      async (request) => success(await driverApp.today(requireAuth(request).user.id)),
    );

    routes.get(
      '/driver/trips/:id',
      {
        config: driverOnly,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            ...manifestAnswer,
            ...errorAnswers({
              409: 'The trip is of a later day: it opens on the driver app on that day',
              410: 'The trip is over (finished, cancelled, or its day is past): the office has its record',
            }),
          },
        },
      },
      async (request) =>
        success(await driverApp.driverManifest(requireAuth(request).user.id, request.params.id)),
    );

    routes.post(
      '/driver/trips/:id/start',
      {
        config: driverOnly,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            ...tripAnswer,
            ...errorAnswers({
              409: 'The trip cannot start now (not its day, already started or over), or an expired credential blocks it',
            }),
          },
        },
      },
      async (request) =>
        success(
          await driverApp.start(requireAuth(request).user.id, request.params.id, changeContextOf(request)),
          'Trip started.',
        ),
    );

    routes.post(
      '/driver/trips/:id/finish',
      {
        config: driverOnly,
        schema: {
          tags,
          params: idParamsSchema,
          body: finishTripInputSchema,
          response: {
            ...tripAnswer,
            ...errorAnswers({
              409: 'The trip is not running, or a child is still on board and no reason was given',
            }),
          },
        },
      },
      async (request) =>
        success(
          await driverApp.finish(
            requireAuth(request).user.id,
            request.params.id,
            request.body,
            changeContextOf(request),
          ),
          'Trip finished.',
        ),
    );

    routes.put(
      '/driver/trips/:id/stops/:stopId/note',
      {
        config: driverOnly,
        schema: {
          tags,
          params: idParamsSchema.extend({ stopId: z.uuid('The stop id is not valid') }),
          body: stopNoteInputSchema,
          response: {
            200: answerSchema(stopNoteSchema),
            ...errorAnswers(404, {
              409: 'The trip is not running now: a note is changed while driving through',
            }),
          },
        },
      },
      async (request) => {
        const { id, stopId } = request.params;
        const saved = await driverApp.editStopNote(
          requireAuth(request).user.id,
          id,
          stopId,
          request.body,
          changeContextOf(request),
        );
        return success(saved, 'Note saved.');
      },
    );

    routes.post(
      '/driver/trips/:id/stops/:stopId/photo',
      {
        config: driverOnly,
        schema: {
          tags,
          params: idParamsSchema.extend({ stopId: z.uuid('The stop id is not valid') }),
          readByHandler: {
            body: { mediaTypes: ['multipart/form-data'], schema: z.object({ image: fileBytes }) },
          },
          response: {
            200: answerSchema(stopPhotoSchema),
            ...errorAnswers(404, {
              409: 'The trip is not running now: a photo is changed while driving through',
              413: MESSAGES.imageTooLarge,
              415: MESSAGES.onlyImages,
            }),
          },
        },
      },
      async (request) => {
        const { id, stopId } = request.params;
        const saved = await driverApp.replaceStopPhoto(
          requireAuth(request).user.id,
          id,
          stopId,
          async () => (await readImageUpload(request)).image,
          changeContextOf(request),
        );
        return success(saved, 'Photo saved.');
      },
    );

    routes.get(
      '/trips/:id/manifest',
      {
        config: { access: 'office-read' },
        schema: { tags: ['trips'], params: idParamsSchema, response: manifestAnswer },
      },
      async (request) => success(await driverApp.manifest(request.params.id)),
    );
  };
}
