import type { FastifyRequest } from 'fastify';
import { chooseLanguage, isStaffRole } from '@school-transport/shared';
import type { Executor } from '../../../db/client.js';
import { messageCatalogues, REFERENCE_LANGUAGE, type MessageCatalogues } from './catalogues.js';
import { languageHolders } from './language-queries.js';

/**
 * The header the phone apps send with every request: the language they show (the account's choice, else the
 * phone's, else the browser's). The office sends none, so what is refused to someone not signed in there stays
 * English.
 */
export const APP_LANGUAGE_HEADER = 'x-app-language';

/**
 * The language a refusal is written in for this request (decision 053): a signed-in driver's or parent's choice
 * (users.language), else their browser's languages at sign-in (users.browser_language), else the language their
 * app shows; an administrator's is English (the office is English only). Someone not signed in (sign-in, a reset
 * link, a lapsed session) reads it in the language their phone app shows, or English.
 */
export function requestLanguage(db: Executor, catalogues: MessageCatalogues = messageCatalogues()) {
  return async (request: FastifyRequest): Promise<string> => {
    const header = request.headers[APP_LANGUAGE_HEADER];
    const shown = typeof header === 'string' ? header.split(',').map((tag) => tag.trim()) : [];
    const user = request.auth?.user;
    if (!user) return chooseLanguage(shown, catalogues.codes);
    if (isStaffRole(user.role)) return REFERENCE_LANGUAGE;
    const holder = (await languageHolders(db, [user.id])).get(user.id);
    return chooseLanguage(
      [holder?.language, ...(holder?.browserLanguage?.split(',') ?? []), ...shown],
      catalogues.codes,
    );
  };
}

/** What the error handler needs to word refusals (plugins/error-handler.ts' ErrorWording). */
export const errorWording = (db: Executor, catalogues: MessageCatalogues = messageCatalogues()) => ({
  languageOf: requestLanguage(db, catalogues),
  catalogueOf: (language: string) => catalogues.of(language),
});
