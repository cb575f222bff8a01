import type { LanguageChoice } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { ChangeContext } from '../../../lib/change-context.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { messageCatalogues, type MessageCatalogues } from './catalogues.js';
import { setLanguage } from './language-queries.js';

export interface LanguageServiceDeps {
  db: Database;
  clock: Clock;
  catalogues?: MessageCatalogues;
}

/** The languages the server speaks, and each person's choice among them. */
export function createLanguageService({ db, clock, catalogues = messageCatalogues() }: LanguageServiceDeps) {
  return {
    /** GET /api/languages. */
    available: () => catalogues.languages,

    /**
     * PUT /api/account/language: stores one's own choice (null: follow the browser's), audited. A language with no
     * catalogue is refused, naming those there are.
     */
    async choose(
      userId: string,
      { language }: LanguageChoice,
      context: ChangeContext,
    ): Promise<LanguageChoice> {
      if (language !== null && !catalogues.codes.includes(language)) {
        const message = `There is no "${language}" catalogue. Available languages: ${catalogues.codes.join(', ')}.`;
        throw badRequest(message, [{ field: 'language', message }]);
      }
      await db.transaction(async (tx) => {
        const changed = await setLanguage(tx, userId, language, clock());
        if (!changed) throw notFound('Account not found.');
        if (changed.before === language) return;
        await recordAudit(tx, {
          ...context,
          action: 'profile.language_changed',
          entityType: 'user',
          entityId: userId,
          details: { language: { from: changed.before, to: language } },
        });
      });
      return { language };
    },
  };
}
export type LanguageService = ReturnType<typeof createLanguageService>;
