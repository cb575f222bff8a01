import type { Catalogue } from '@school-transport/shared';
import englishPhone from '../../../../../packages/shared/locales/en/phone.json';

/**
 * The phone apps' message catalogues (packages/shared/locales/<language>/{phone,driver,parent}.json): the kit's
 * and shell's words (phone.json) and each app's own. English is in the bundle: it is the reference and the
 * fallback of any message a catalogue lacks, and most phones open in it without waiting for a second file. Every
 * other language is a file of its own, fetched only when chosen. An operator adds a language by adding its folder
 * of catalogues and building again: the lists are read from the files present.
 */
export type PhoneApp = 'driver' | 'parent';

type Loaders = Record<string, () => Promise<Catalogue>>;

/** An app's own catalogues (phone/<app>/<app>-catalogue.ts): its English words, and a loader per language. */
export interface AppCatalogue {
  app: PhoneApp;
  english: Catalogue;
  loaders: Loaders;
}

// import.meta.glob takes literal patterns only; each app declares its own in its <app>-catalogue.ts.
const PHONE_LOADERS: Loaders = import.meta.glob<Catalogue>(
  '../../../../../packages/shared/locales/*/phone.json',
  { import: 'default' },
);

const languageOfPath = (path: string) => path.split('/').at(-2)!;

const loaderFor = (loaders: Loaders, language: string) =>
  Object.entries(loaders).find(([path]) => languageOfPath(path) === language)?.[1];

/** The languages an app can be shown in: those with both the kit's and the app's catalogue. */
export function phoneLanguages({ loaders }: AppCatalogue): string[] {
  const withApp = new Set(Object.keys(loaders).map(languageOfPath));
  return Object.keys(PHONE_LOADERS)
    .map(languageOfPath)
    .filter((language) => withApp.has(language))
    .sort();
}

/** The app's English words with the kit's: the fallback of every message. */
export const englishCatalogue = ({ english }: AppCatalogue): Catalogue => ({ ...englishPhone, ...english });

/** The app's catalogue in `language` (with the kit's words), loading its files if not English. */
export async function loadCatalogue(catalogue: AppCatalogue, language: string): Promise<Catalogue> {
  if (language === 'en') return englishCatalogue(catalogue);
  const [phone, own] = await Promise.all(
    [PHONE_LOADERS, catalogue.loaders].map(async (loaders) => (await loaderFor(loaders, language)?.()) ?? {}),
  );
  return { ...phone, ...own };
}
