import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  MESSAGES,
  PROFILE_IMAGE_KINDS,
  PROFILE_IMAGE_MAX_BYTES,
  profileImageAnswerSchema,
  type ProfileImageKind,
} from '@school-transport/shared';
import { errorAnswers, fileBytes } from '../../../lib/answers.js';
import { changeContextOf, type ChangeContext } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import type { Authenticator } from '../../../plugins/authentication.js';
import { NotAnImageError, toProfileWebp } from './image-processing.js';
import type { ImageStorage } from './image-storage.js';
import type { ImageUrls } from './image-urls.js';
import { sendSignedFile, signatureQuery, signedFileAnswers } from './signed-file.js';

/** A resource that has a profile image (drivers, vehicles, parents, students). */
export interface ProfileImageTarget {
  /**
   * Points the record at its new image (null: none), with an audit entry; answers the file it had before. 404 if
   * unknown.
   */
  replaceProfileImage(id: string, fileName: string | null, context: ChangeContext): Promise<string | null>;
}

export interface UploadDeps {
  targets: Record<ProfileImageKind, ProfileImageTarget>;
  storage: ImageStorage;
  urls: ImageUrls;
  authenticator: Authenticator;
}

const kindParams = z.object({ kind: z.enum(PROFILE_IMAGE_KINDS) });
const recordParams = kindParams.extend({ id: z.uuid('The id is not valid') });
const fileParams = kindParams.extend({ file: z.string().max(64) });

const imageTooLarge = () => new AppError(413, MESSAGES.imageTooLarge);
const notAnImage = () => new AppError(415, MESSAGES.onlyImages);

/**
 * Reads the multipart field `image` and the text fields, in whichever order the client sent them (the image
 * limits are those registerImageUploads sets). A missing or empty image is a 400 in the forms' words.
 */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ fields: Map<string, string>; image: { mimetype: string; data: Buffer } }> {
  if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data with the field image.');
  const fields = new Map<string, string>();
  let image: { mimetype: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'image' && !image) image = { mimetype: part.mimetype, data };
      } else fields.set(part.fieldname, String(part.value));
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw error;
  }
  if (!image || image.data.length === 0)
    throw badRequest(MESSAGES.selectImage, [{ field: 'image', message: MESSAGES.selectImage }]);
  return { fields, image };
}

/** Reads the multipart fields `image` and `id`. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ id: string; image: { mimetype: string; data: Buffer } }> {
  const { fields, image } = await readImageUpload(request);
  const parsedId = z.uuid().safeParse(fields.get('id'));
  if (!parsedId.success)
    throw badRequest('The id is not valid', [{ field: 'id', message: 'The id is not valid' }]);
  return { id: parsedId.data, image };
}

/** Multipart for the image uploads of a plugin's routes: one part, smaller than 2 MB (the limit the forms state). */
export async function registerImageUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES - 1, files: 1, fields: 4, parts: 6 },
  });
}

/**
 * An uploaded image checked (an image type, that decodes) and stored as WebP under `kind`, then handed to
 * `replace`, which points the record at it and answers the file it had (removed once replaced). A refusal in
 * `replace` removes the new file. Answers the new file's signed link.
 */
export async function storeReplacingImage(
  { storage, urls }: Pick<UploadDeps, 'storage' | 'urls'>,
  kind: ProfileImageKind,
  image: { mimetype: string; data: Buffer },
  replace: (fileName: string) => Promise<string | null>,
): Promise<string> {
  if (!image.mimetype.startsWith('image/')) throw notAnImage();
  const webp = await toProfileWebp(image.data).catch((error: unknown) => {
    throw error instanceof NotAnImageError ? notAnImage() : error;
  });
  const fileName = await storage.save(kind, webp);
  let previous: string | null;
  try {
    previous = await replace(fileName);
  } catch (error) {
    await storage.remove(kind, fileName);
    throw error;
  }
  await storage.remove(kind, previous);
  return urls.urlFor(kind, fileName)!;
}

export function uploadRoutes(deps: UploadDeps) {
  const { targets, storage } = deps;
  return async (app: FastifyInstance) => {
    await registerImageUploads(app);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/upload/profile/:kind/add-profile-image',
      {
        schema: {
          tags: ['uploads'],
          params: kindParams,
          readByHandler: {
            body: {
              mediaTypes: ['multipart/form-data'],
              schema: z.object({ image: fileBytes, id: z.uuid() }),
            },
          },
          response: {
            200: answerSchema(profileImageAnswerSchema),
            ...errorAnswers(404, {
              413: MESSAGES.imageTooLarge,
              415: MESSAGES.onlyImages,
            }),
          },
        },
      },
      async (request) => {
        const { kind } = request.params;
        const { id, image } = await readUpload(request);
        const profileImage = await storeReplacingImage(deps, kind, image, (fileName) =>
          targets[kind].replaceProfileImage(id, fileName, changeContextOf(request)),
        );
        return success({ profileImage }, 'Profile image updated successfully!');
      },
    );

    // The photo removed (the office asks first): the record keeps no image and its file is moved away.
    routes.delete(
      '/upload/profile/:kind/:id',
      {
        schema: {
          tags: ['uploads'],
          params: recordParams,
          response: { 200: answerSchema(profileImageAnswerSchema), ...errorAnswers(404) },
        },
      },
      async (request) => {
        const { kind, id } = request.params;
        const previous = await targets[kind].replaceProfileImage(id, null, changeContextOf(request));
        await storage.remove(kind, previous);
        return success({ profileImage: null }, 'Photo removed.');
      },
    );

    // Public as a route, but answers only to a valid signature (an <img>) or an administrator's live session (an API
    // client): the photos are of children and staff, and a driver or parent has no business with other people's.
    routes.get(
      '/uploads/profile/:kind/:file',
      {
        config: { access: 'public' },
        schema: {
          tags: ['uploads'],
          params: fileParams,
          querystring: signatureQuery,
          response: signedFileAnswers('image', ['image/webp']),
        },
      },
      (request, reply) =>
        sendSignedFile(deps, request, reply, request.query, {
          ...request.params,
          noun: 'image',
          type: 'image/webp',
        }),
    );
  };
}
