import { z } from 'zod';
import { LANGUAGE_TAG } from './language-paths.js';

/**
 * The languages of the phone apps and of the mails and push texts they cause (decision 053). Each is a folder of
 * message catalogues under packages/shared/locales; the server lists those with a `messages.json` (the texts it
 * sends), read once at its start.
 */

export { LANGUAGE_PATHS, LANGUAGE_TAG } from './language-paths.js';

/**
 * PUT /api/account/language: the signed-in person's language, or null to follow their browser's. A tag with no
 * catalogue is refused with the list of those there are.
 */
export const languageChoiceSchema = z.object({
  language: z
    .string()
    .trim()
    .max(35)
    .regex(LANGUAGE_TAG, 'A language is a tag such as "en" or "es"')
    .nullable(),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

/** One language of GET /api/languages: its tag, its own name for itself, and its writing direction. */
export const availableLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});
export type AvailableLanguage = z.infer<typeof availableLanguageSchema>;
