import { NotAnImageError, toProfileWebp } from '../uploads/image-processing.js';

/** A scanned page stays readable at this size; larger scans are shrunk. */
const DOCUMENT_MAX_SIDE = 2400;
const PDF_MAGIC = Buffer.from('%PDF-');

export class NotADocumentError extends Error {
  override name = 'NotADocumentError';
}

export interface StoredDocument {
  data: Buffer;
  extension: 'webp' | 'pdf';
  type: 'image/webp' | 'application/pdf';
}

/**
 * What is stored of an uploaded document, judged by its bytes alone (never the client's name or type): a PDF is
 * recognised by its magic bytes and kept as sent; anything else must decode as an image and is re-encoded as WebP
 * without its metadata, like a profile photo.
 */
export async function toStoredDocument(upload: Buffer): Promise<StoredDocument> {
  if (upload.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    return { data: upload, extension: 'pdf', type: 'application/pdf' };
  try {
    return { data: await toProfileWebp(upload, DOCUMENT_MAX_SIDE), extension: 'webp', type: 'image/webp' };
  } catch (error) {
    throw error instanceof NotAnImageError ? new NotADocumentError('neither a PDF nor an image') : error;
  }
}
