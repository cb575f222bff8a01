export { I18nProvider, useT, type PhoneLanguage, type Translation } from './I18nProvider';
export { englishCatalogue, phoneLanguages, type AppCatalogue, type PhoneApp } from './catalogues';
