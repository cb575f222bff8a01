/**
 * What a scan can carry: a child's card QR code (`schoolride:student:<studentId>`, printed from the student's
 * page in the office) or a tag id (an NFC tag's serial number, or what a card reader types). Tag ids are compared
 * as the server stores them (nfcTagField): upper case, without colons, dashes or spaces.
 */
export const STUDENT_QR_PREFIX = 'schoolride:student:';

export type ScannedCode = { studentId: string } | { tagId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `04:a2:3b:1c` → `04A23B1C`; null when what is left is not a tag id the server would accept. */
export function normaliseTagId(raw: string): string | null {
  const tag = raw.replace(/[\s:-]/g, '').toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(tag) ? tag : null;
}

/** The child a scanned text names, or null when it is neither a student card nor a tag id. */
export function parseScannedCode(text: string): ScannedCode | null {
  const value = text.trim();
  if (value.toLowerCase().startsWith(STUDENT_QR_PREFIX)) {
    const studentId = value.slice(STUDENT_QR_PREFIX.length);
    return UUID.test(studentId) ? { studentId: studentId.toLowerCase() } : null;
  }
  const tagId = normaliseTagId(value);
  return tagId ? { tagId } : null;
}
