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
