import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';

/**
 * What every answer serving a stored file (a photo, a defect's photo, a credential's document) must carry: a
 * download named after the stored file, never shown as a page of the app's origin; a sandbox that runs nothing if
 * it is opened anyway; and no type sniffing. An <img> still draws it: neither header applies to an image element.
 */
export function expectStoredFileHeaders(
  answer: { headers: Record<string, unknown> },
  fileName: string,
): void {
  expect(answer.headers['content-disposition']).toBe(
    `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  );
  expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

/** The stored file's name in a signed address: `/api/uploads/…/{name}?expires=…`. */
export const storedName = (url: string): string => url.split('?')[0]!.split('/').pop()!;

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { data: Buffer; type: string; name: string },
) {
  const form = new FormData();
  if (file) form.append('image', new Blob([file.data], { type: file.type }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/** A record's photo sent to the upload endpoint, as the office's picker sends it. */
export async function uploadImage(
  app: FastifyInstance,
  authorization: string,
  kind: string,
  id: string,
  file?: { data: Buffer; type: string; name: string },
) {
  const { payload, contentType } = await multipart({ id }, file);
  const answer = await app.inject({
    method: 'POST',
    url: `/api/upload/profile/${kind}/add-profile-image`,
    headers: { authorization, 'content-type': contentType },
    payload,
  });
  return { status: answer.statusCode, body: answer.json() };
}

/** A plain PNG of the given size. */
export const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 180, b: 25 } } })
    .png()
    .toBuffer();
