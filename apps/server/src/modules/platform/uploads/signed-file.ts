import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mayUse } from '@school-transport/shared';
import { errorAnswers, fileBytes, mediaAnswer } from '../../../lib/answers.js';
import { attachment } from '../../../lib/attachment.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { Authenticator } from '../../../plugins/authentication.js';
import type { ImageStorage } from './image-storage.js';
import type { ImageUrls } from './image-urls.js';

/** The query of a signed address (ImageUrls.urlFor): when it stops working and its signature. */
export const signatureQuery = z.object({
  expires: z.coerce.number().int().positive().optional(),
  signature: z.string().max(100).optional(),
});
export type SignatureQuery = z.infer<typeof signatureQuery>;

export interface SignedFileDeps {
  storage: ImageStorage;
  urls: ImageUrls;
  authenticator: Authenticator;
}

/** What a signed file's route answers: the file, or 401 for a link that no longer works (its path implies 404). */
export function signedFileAnswers(noun: string, mediaTypes: string[]) {
  return {
    200: mediaAnswer(
      `The ${noun}, as a download`,
      Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, fileBytes])),
    ),
    ...errorAnswers({
      401: `The ${noun} link has expired or is not valid, and no administrator’s session came with the request`,
    }),
  };
}

interface StoredFile {
  kind: string;
  file: string;
  /** What it is called in refusals: 'image', 'document'. */
  noun: string;
  type: string;
}

/**
 * Sends a stored file (a photo, a defect's photo, a credential's document) to whoever shows a valid signature (an
 * <img> or a link the server handed out) or an administrator's session (an API client), nobody else: these are
 * pictures of children and staff and papers about them, and a driver or parent has no business with other
 * people's. Routes using it are public as routes; this is their whole rule, written once. Every stored file goes
 * out as a sandboxed download: a PDF shown inline from the app's origin could run script as the app.
 */
export async function sendSignedFile(
  { storage, urls, authenticator }: SignedFileDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { expires, signature }: SignatureQuery,
  { kind, file, noun, type }: StoredFile,
) {
  const signed =
    expires !== undefined && signature !== undefined && urls.isValid(kind, file, expires, signature);
  const role = signed ? undefined : (await authenticator(request))?.user.role;
  if (!signed && !(role && mayUse(role, 'office-read'))) {
    throw new AppError(401, `This ${noun} link has expired or is not valid. Reload the page.`);
  }
  const filePath = storage.pathOf(kind, file);
  const stat = filePath ? await fs.stat(filePath).catch(() => null) : null;
  if (!filePath || !stat) throw notFound(`This ${noun} does not exist.`);
  // Opened as a page (a PDF's scripts and forms, an image's URL typed in), it runs nothing and reaches nothing as
  // the app's origin; as an <img> it is drawn all the same, since neither header applies to an image element.
  return reply
    .type(type)
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', attachment(file))
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('content-length', stat.size)
    .send(createReadStream(filePath));
}
