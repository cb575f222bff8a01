/** The i18n module's front door: what the rest of the server may use of it. */
export { browserLanguages } from './browser-languages.js';
export { messageCatalogues } from './catalogues.js';
export type { MessageCatalogues } from './catalogues.js';
export { languageHolders } from './language-queries.js';
export { languageRoutes } from './language-routes.js';
export { createLanguageService } from './language-service.js';
export { recipientLanguage, translatorFor, translatorOf } from './translations.js';
export type { LanguageHolder, TextValues, Translator } from './translations.js';
export { APP_LANGUAGE_HEADER, errorWording, requestLanguage } from './request-language.js';
