import type { Catalogue } from '@school-transport/shared';
import english from '../../../../../packages/shared/locales/en/parent.json';
import type { AppCatalogue } from '../i18n';

/**
 * The parent portal's own words (packages/shared/locales/<language>/parent.json): English in the bundle,
 * every other language fetched when chosen (phone/i18n/catalogues.ts).
 */
export const parentCatalogue: AppCatalogue = {
  app: 'parent',
  english,
  loaders: import.meta.glob<Catalogue>('../../../../../packages/shared/locales/*/parent.json', {
    import: 'default',
  }),
};
