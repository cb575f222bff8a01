import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  checklistInputSchema,
  checklistSchema,
  childCheckAnswerSchema,
  childCheckInputSchema,
  childCheckTagInputSchema,
  closeDefectInputSchema,
  defectSchema,
  driverVehicleDaySchema,
  idParamsSchema,
  inspectionAnswerSchema,
  inspectionInputSchema,
  messageAnswerSchema,
  vehicleInspectionsSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth, type Authenticator } from '../../../plugins/authentication.js';
import {
  type ImageStorage,
  type ImageUrls,
  sendSignedFile,
  signatureQuery,
  signedFileAnswers,
} from '../../platform/uploads/index.js';
import { DEFECT_PHOTO_KIND } from './inspection-deps.js';
import type { InspectionService } from './inspection-service.js';

/** An inspection may carry several photos (base64, each under 2 MB): more than the API's usual 1 MB body. */
const INSPECTION_BODY_LIMIT = 16 * 1024 * 1024;

export interface InspectionRouteDeps {
  inspections: InspectionService;
  storage: ImageStorage;
  urls: ImageUrls;
  authenticator: Authenticator;
}

const photoParams = z.object({ file: z.string().max(64) });

/**
 * /api/driver/inspections and /api/driver/child-checks for the driver app (access 'driver': only the vehicles of
 * the driver's own trips of today); /api/inspections/… for the office (admin, the default).
 */
export function inspectionRoutes({ inspections, storage, urls, authenticator }: InspectionRouteDeps) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const driverOnly = { access: 'driver' } as const;
    const driverTags = ['driver app'];
    const tags = ['inspections'];

    routes.get(
      '/driver/inspections',
      {
        config: driverOnly,
        schema: { tags: driverTags, response: { 200: answerSchema(driverVehicleDaySchema.array()) } },
      },
      async (request) => success(await inspections.driverVehicles(requireAuth(request).user.id)),
    );

    routes.post(
      '/driver/inspections',
      {
        config: driverOnly,
        bodyLimit: INSPECTION_BODY_LIMIT,
        schema: {
          tags: driverTags,
          body: inspectionInputSchema,
          response: {
            200: answerSchema(inspectionAnswerSchema),
            ...errorAnswers({
              404: 'The vehicle is not one of this driver’s trips of today',
              409: 'The vehicle has no checklist, or its checklist changed since it was loaded',
            }),
          },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const answer = await inspections.submit(user.id, user.name, request.body, changeContextOf(request));
        return success(
          answer,
          answer.outOfService ? 'Inspection sent. The vehicle is out of service.' : 'Inspection sent.',
        );
      },
    );

    routes.post(
      '/driver/child-checks',
      {
        config: driverOnly,
        schema: {
          tags: driverTags,
          body: childCheckInputSchema,
          response: {
            200: answerSchema(childCheckAnswerSchema),
            ...errorAnswers({
              404: 'The trip is not one of this driver’s',
              409: 'The trip does not take a child check now, or the tag is not this bus’s',
            }),
          },
        },
      },
      async (request) =>
        success(
          await inspections.childCheck(requireAuth(request).user.id, request.body, changeContextOf(request)),
          'Child check recorded.',
        ),
    );

    routes.get(
      '/inspections/checklists',
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(checklistSchema.array()) } },
      },
      async () => success(await inspections.checklists()),
    );

    routes.post(
      '/inspections/checklists',
      {
        schema: {
          tags,
          body: checklistInputSchema,
          response: {
            200: answerSchema(checklistSchema),
            ...errorAnswers({ 409: 'This vehicle type has a checklist already' }),
          },
        },
      },
      async (request) =>
        success(
          await inspections.createChecklist(request.body, changeContextOf(request)),
          'Checklist created.',
        ),
    );

    routes.put(
      '/inspections/checklists/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: checklistInputSchema,
          response: {
            200: answerSchema(checklistSchema),
            ...errorAnswers({ 409: 'This vehicle type has a checklist already' }),
          },
        },
      },
      async (request) =>
        success(
          await inspections.updateChecklist(request.params.id, request.body, changeContextOf(request)),
          'Checklist saved.',
        ),
    );

    routes.delete(
      '/inspections/checklists/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await inspections.deleteChecklist(request.params.id, changeContextOf(request));
        return success(undefined, 'Checklist deleted.');
      },
    );

    routes.get(
      '/inspections/defects',
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(defectSchema.array()) } },
      },
      async () => success(await inspections.openDefects()),
    );

    routes.post(
      '/inspections/defects/:id/close',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: closeDefectInputSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers({ 409: 'The defect was already closed' }) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        await inspections.closeDefect(request.params.id, request.body, user.name, changeContextOf(request));
        return success(undefined, 'Defect closed.');
      },
    );

    routes.get(
      '/inspections/vehicles/:id',
      {
        config: { access: 'office-read' },
        schema: { tags, params: idParamsSchema, response: { 200: answerSchema(vehicleInspectionsSchema) } },
      },
      async (request) => success(await inspections.ofVehicle(request.params.id)),
    );

    routes.put(
      '/inspections/vehicles/:id/tag',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: childCheckTagInputSchema,
          response: {
            200: answerSchema(z.object({ tagId: z.string() })),
            ...errorAnswers({ 409: 'This tag is already fixed in another bus' }),
          },
        },
      },
      async (request) =>
        success(
          await inspections.setTag(request.params.id, request.body, changeContextOf(request)),
          'Tag saved.',
        ),
    );

    // The signed URLs of defect photos (ImageUrls.urlFor with the kind "defect") name this path: a static segment,
    // so it is matched before the profile images' /uploads/profile/:kind/:file, whose kinds are records' photos.
    // Same rule as there: a valid signature (an <img>) or an administrator's session.
    routes.get(
      `/uploads/profile/${DEFECT_PHOTO_KIND}/:file`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: photoParams,
          querystring: signatureQuery,
          response: signedFileAnswers('image', ['image/webp']),
        },
      },
      (request, reply) =>
        sendSignedFile({ storage, urls, authenticator }, request, reply, request.query, {
          kind: DEFECT_PHOTO_KIND,
          file: request.params.file,
          noun: 'image',
          type: 'image/webp',
        }),
    );
  };
}
