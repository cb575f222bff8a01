import type { Catalogue } from '@school-transport/shared';
import english from '../../../../../packages/shared/locales/en/driver.json';
import type { AppCatalogue } from '../i18n';

/**
 * The driver app's own words (packages/shared/locales/<language>/driver.json): English in the bundle,
 * every other language fetched when chosen (phone/i18n/catalogues.ts).
 */
export const driverCatalogue: AppCatalogue = {
  app: 'driver',
  english,
  loaders: import.meta.glob<Catalogue>('../../../../../packages/shared/locales/*/driver.json', {
    import: 'default',
  }),
};
