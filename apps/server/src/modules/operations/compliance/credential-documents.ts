import { NotAnImageError, toProfileWebp } from '../../platform/uploads/index.js';

/** A scanned page stays readable at this size; larger scans are shrunk. */
const DOCUMENT_MAX_SIDE = 2400;
const PDF_MAGIC = Buffer.from('%PDF-');

export class NotADocumentError extends Error {
  override name = 'NotADocumentError';
}

/** A file that starts like a PDF and is not one: refused with its own words, never stored. */
export class NotAPdfError extends Error {
  override name = 'NotAPdfError';
}

/** Where a reader looks for the end marker: the last 1024 bytes (PDF 1.7, implementation note 18). */
const PDF_TAIL = 1024;
const PDF_HEADER = /^%PDF-[12]\.\d/;
/** The tail's last `startxref`, its offset, then `%%EOF`, with only line ends, spaces or NULs after. */
const PDF_END = /startxref\s+(\d{1,10})\s+%%EOF[\s\0]*$/;
/** What the offset must point at: a cross-reference table, or a cross-reference stream (an object, PDF 1.5). */
const XREF_AT = /^\s*(?:xref\b|\d+\s+\d+\s+obj\b)/;

/**
 * Whether `upload` is a PDF as far as a reader can tell without parsing it all: the header, an `%%EOF` within the
 * last 1024 bytes preceded by `startxref` and an offset, and that offset inside the file pointing at a
 * cross-reference table or stream. That is the structure every reader opens a PDF by; a file that only begins with
 * `%PDF-` (an HTML page, a script, junk) has none of it. Not a validation of the whole file: no PDF library for
 * a check the viewer repeats anyway, and the file is served as a sandboxed download whatever it holds.
 */
export function isWellFormedPdf(upload: Buffer): boolean {
  if (!PDF_HEADER.test(upload.subarray(0, 8).toString('latin1'))) return false;
  const tail = upload.subarray(Math.max(0, upload.length - PDF_TAIL)).toString('latin1');
  const end = PDF_END.exec(tail);
  if (!end) return false;
  const offset = Number(end[1]);
  if (offset < PDF_MAGIC.length || offset >= upload.length) return false;
  return XREF_AT.test(upload.subarray(offset, offset + 64).toString('latin1'));
}

export interface StoredDocument {
  data: Buffer;
  extension: 'webp' | 'pdf';
  type: 'image/webp' | 'application/pdf';
}

/**
 * What is stored of an uploaded document, judged by its bytes alone (never the client's name or type): a PDF is
 * recognised by its magic bytes and its structure (isWellFormedPdf) and kept as sent; anything else must decode as an image and is re-encoded as WebP
 * without its metadata, like a profile photo.
 */
export async function toStoredDocument(upload: Buffer): Promise<StoredDocument> {
  if (upload.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    if (!isWellFormedPdf(upload)) throw new NotAPdfError('starts like a PDF but is not one');
    return { data: upload, extension: 'pdf', type: 'application/pdf' };
  }
  try {
    return { data: await toProfileWebp(upload, DOCUMENT_MAX_SIDE), extension: 'webp', type: 'image/webp' };
  } catch (error) {
    throw error instanceof NotAnImageError ? new NotADocumentError('neither a PDF nor an image') : error;
  }
}
