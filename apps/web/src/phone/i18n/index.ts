export { I18nProvider, useT, type PhoneLanguage, type Translation } from './I18nProvider';
export { phoneLanguages, type PhoneApp } from './catalogues';
