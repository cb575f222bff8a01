import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  complianceOverrideSchema,
  complianceSummarySchema,
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  credentialInputSchema,
  credentialKindInputSchema,
  credentialKindSchema,
  credentialListQuerySchema,
  credentialSchema,
  idParamsSchema,
  messageAnswerSchema,
  overrideInputSchema,
  pageAnswerSchema,
} from '@school-transport/shared';
import { errorAnswers, fileBytes } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { listAnswer } from '../../../lib/pagination.js';
import type { Authenticator } from '../../../plugins/authentication.js';
import { resourceRoutes } from '../../platform/resources/index.js';
import {
  type ImageStorage,
  type ImageUrls,
  sendSignedFile,
  signatureQuery,
  signedFileAnswers,
} from '../../platform/uploads/index.js';
import type { ComplianceService } from './compliance-service.js';
import type { CredentialKindService } from './credential-kind-service.js';
import { DOCUMENT_KIND, type CredentialService } from './credential-service.js';
import { NotADocumentError, NotAPdfError, toStoredDocument } from './credential-documents.js';

export interface ComplianceRoutesDeps {
  compliance: ComplianceService;
  credentials: CredentialService;
  kinds: CredentialKindService;
  storage: ImageStorage;
  urls: ImageUrls;
  authenticator: Authenticator;
}

const tags = ['compliance'];
const documentTooLarge = () =>
  new AppError(413, `The document must be smaller than ${CREDENTIAL_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`);
const notADocument = () =>
  new AppError(415, 'Only images (JPEG, PNG, WebP) and PDF documents can be uploaded.');
const notAPdf = () =>
  new AppError(
    415,
    'This file starts like a PDF but is not one: save or scan it again as a PDF or an image.',
  );

/** Reads the multipart fields `document` and `id`, in whichever order the client sent them. */
async function readDocumentUpload(request: FastifyRequest): Promise<{ id: string; data: Buffer }> {
  if (!request.isMultipart())
    throw badRequest('Send the document as multipart/form-data with the fields document and id.');
  let id: string | undefined;
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'document' && !data) data = bytes;
      } else if (part.fieldname === 'id') id = String(part.value);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw documentTooLarge();
    throw error;
  }
  if (!data?.length)
    throw badRequest('Choose a document.', [{ field: 'document', message: 'Choose a document' }]);
  const parsedId = z.uuid().safeParse(id);
  if (!parsedId.success)
    throw badRequest('The id is not valid', [{ field: 'id', message: 'The id is not valid' }]);
  return { id: parsedId.data, data };
}

/**
 * /api/credential-kinds/… (the kit's five calls), /api/credentials/…, a credential's document, a trip's
 * overrides and the dashboard's compliance panel. Admins only, but for the document's signed link.
 */
export function complianceRoutes({
  compliance,
  credentials,
  kinds,
  storage,
  urls,
  authenticator,
}: ComplianceRoutesDeps) {
  return async (app: FastifyInstance) => {
    await app.register(
      resourceRoutes({
        path: 'credential-kinds',
        label: 'Credential kind',
        inputSchema: credentialKindInputSchema,
        answerSchema: credentialKindSchema,
        service: kinds,
      }),
    );
    await app.register(multipart, {
      limits: { fileSize: CREDENTIAL_DOCUMENT_MAX_BYTES - 1, files: 1, fields: 4, parts: 6 },
    });
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const credentialAnswer = answerSchema(credentialSchema);

    routes.get(
      '/credentials/get-all',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: credentialListQuerySchema,
          response: { 200: pageAnswerSchema(credentialSchema) },
        },
      },
      async (request) => {
        const { rows, total } = await credentials.list(request.query);
        return listAnswer(rows, total, request.query);
      },
    );

    routes.get(
      '/credentials/get-one/:id',
      {
        config: { access: 'office-read' },
        schema: { tags, params: idParamsSchema, response: { 200: credentialAnswer } },
      },
      async (request) => success(await credentials.get(request.params.id)),
    );

    routes.post(
      '/credentials/save',
      {
        schema: {
          tags,
          body: credentialInputSchema,
          response: {
            200: credentialAnswer,
            ...errorAnswers({
              409: 'The holder or kind was deleted meanwhile, or the holder has this credential already',
            }),
          },
        },
      },
      async (request) =>
        success(await credentials.save(request.body, changeContextOf(request)), 'Credential saved.'),
    );

    routes.delete(
      '/credentials/delete/:id',
      { schema: { tags, params: idParamsSchema, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await credentials.remove(request.params.id, changeContextOf(request));
        return success(undefined, 'Credential removed.');
      },
    );

    routes.post(
      '/credentials/document',
      {
        schema: {
          tags,
          readByHandler: {
            body: {
              mediaTypes: ['multipart/form-data'],
              schema: z.object({ document: fileBytes, id: z.uuid() }),
            },
          },
          response: {
            200: credentialAnswer,
            ...errorAnswers(404, {
              413: documentTooLarge().message,
              415: notADocument().message,
            }),
          },
        },
      },
      async (request) => {
        const { id, data } = await readDocumentUpload(request);
        const stored = await toStoredDocument(data).catch((error: unknown) => {
          if (error instanceof NotAPdfError) throw notAPdf();
          throw error instanceof NotADocumentError ? notADocument() : error;
        });
        const name = await storage.save(DOCUMENT_KIND, stored.data, stored.extension);
        const answer = await credentials.replaceDocument(
          id,
          { name, type: stored.type },
          changeContextOf(request),
        );
        return success(answer, 'Document uploaded.');
      },
    );

    // Public as a route, answering only to a valid signature (a link) or an administrator's session: as photos.
    routes.get(
      '/uploads/documents/credential/:file',
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: z.object({ file: z.string().max(64) }),
          querystring: signatureQuery,
          response: signedFileAnswers('document', ['application/pdf', 'image/webp']),
        },
      },
      (request, reply) =>
        sendSignedFile({ storage, urls, authenticator }, request, reply, request.query, {
          kind: DOCUMENT_KIND,
          file: request.params.file,
          noun: 'document',
          type: request.params.file.endsWith('.pdf') ? 'application/pdf' : 'image/webp',
        }),
    );

    routes.post(
      '/compliance/trips/:id/override',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: overrideInputSchema,
          response: {
            200: answerSchema(complianceOverrideSchema),
            ...errorAnswers({ 409: 'The trip has started or ended, or no expired credential blocks it' }),
          },
        },
      },
      async (request) =>
        success(
          await compliance.overrideTrip(request.params.id, request.body.reason, changeContextOf(request)),
          'Override recorded: the driver may start this trip.',
        ),
    );

    routes.get(
      '/compliance/trips/:id/overrides',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: answerSchema(z.array(complianceOverrideSchema)) },
        },
      },
      async (request) => success(await compliance.tripOverrides(request.params.id)),
    );

    routes.get(
      '/compliance/summary',
      {
        config: { access: 'office-read' },
        schema: { tags, response: { 200: answerSchema(complianceSummarySchema) } },
      },
      async () => success(await credentials.summary()),
    );
  };
}
