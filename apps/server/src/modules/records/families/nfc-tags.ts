import { conflict } from '../../../lib/errors.js';
import type { Executor } from '../../../db/client.js';
import { studentWithNfcTag } from './student-queries.js';

export const nfcTakenMessage = (tag: string, holder: { name: string; class: string }) =>
  `NFC tag ${tag} is already given to ${holder.name} (Class ${holder.class}).`;

/**
 * Refuses (409) a tag another student has, naming that student so the office can find the card. The partial
 * unique index is the backstop for two requests racing for one tag.
 */
export async function assertNfcTagFree(db: Executor, tag: string | null, field: string, exceptId?: string) {
  if (!tag) return;
  const holder = await studentWithNfcTag(db, tag, exceptId);
  if (holder) {
    const message = nfcTakenMessage(tag, holder);
    throw conflict(message, [{ field, message }]);
  }
}
