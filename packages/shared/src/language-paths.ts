/* The languages' addresses and tag rule without the schemas: the phone apps' first download needs them, not zod. */

/** The API's addresses of this module (below /api), written once for the server's routes and the web app. */
export const LANGUAGE_PATHS = {
  /** GET, public: the languages the server can speak. */
  languages: '/languages',
  /** PUT, anyone signed in: their own choice. */
  accountLanguage: '/account/language',
} as const;

/** A language tag as the catalogue folders are named: 'en', 'es', 'pt-BR'. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
