import { z } from 'zod';

/**
 * The languages of the phone apps and of the mails and push texts they cause (decision 053). Each is a folder of
 * message catalogues under packages/shared/locales; the server lists those with a `messages.json` (the texts it
 * sends), read once at its start.
 */

/** The API's addresses of this module (below /api), written once for the server's routes and the web app. */
export const LANGUAGE_PATHS = {
  /** GET, public: the languages the server can speak. */
  languages: '/languages',
  /** PUT, anyone signed in: their own choice. */
  accountLanguage: '/account/language',
} as const;

/** A language tag as the catalogue folders are named: 'en', 'es', 'pt-BR'. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

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
