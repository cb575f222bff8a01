import type { LanguageChoice } from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';
import { readStorage, removeStorage, writeStorage } from '../../lib/device/storage';

/**
 * Where the phone apps' language comes from, first match wins (decision 053): the account's choice (stored on the
 * server, so mails and pushes follow it too), this phone's last choice (before anyone signs in), the browser's
 * languages, English.
 */
const STORAGE_KEY = 'schoolride-language';

export const storedLanguage = (): string | null => readStorage(STORAGE_KEY);

export function rememberLanguage(language: string | null): void {
  if (language) writeStorage(STORAGE_KEY, language);
  else removeStorage(STORAGE_KEY);
}

export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/**
 * Stores the choice with the signed-in account (null: follow the browser). The server checks it with
 * languageChoiceSchema; the choice comes from the picker's own list, and parsing here would bring zod (about
 * 50 kB gzip) into every phone app's first download.
 */
export async function saveAccountLanguage(token: string, language: string | null): Promise<LanguageChoice> {
  const choice: LanguageChoice = { language };
  return apiRequest<LanguageChoice>('PUT', '/account/language', choice, { token });
}
