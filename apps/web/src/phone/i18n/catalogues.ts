import type { Catalogue } from '@school-transport/shared';
import englishDriver from '../../../../../packages/shared/locales/en/driver.json';
import englishParent from '../../../../../packages/shared/locales/en/parent.json';
import englishPhone from '../../../../../packages/shared/locales/en/phone.json';

/**
 * The phone apps' message catalogues (packages/shared/locales/<language>/{phone,driver,parent}.json). English is
 * in the bundle: it is the reference and the fallback of any message a catalogue lacks, and most phones open in
 * it without waiting for a second file. Every other language is a file of its own, fetched only when chosen.
 * An operator adds a language by adding its folder of catalogues and building again (the list below is read
 * from the files present).
 */
export type PhoneApp = 'driver' | 'parent';

type Loaders = Record<string, () => Promise<Catalogue>>;

// import.meta.glob takes literal patterns only, hence one per catalogue.
const LOADERS: Record<'phone' | PhoneApp, Loaders> = {
  phone: import.meta.glob<Catalogue>('../../../../../packages/shared/locales/*/phone.json', {
    import: 'default',
  }),
  driver: import.meta.glob<Catalogue>('../../../../../packages/shared/locales/*/driver.json', {
    import: 'default',
  }),
  parent: import.meta.glob<Catalogue>('../../../../../packages/shared/locales/*/parent.json', {
    import: 'default',
  }),
};

const ENGLISH: Record<'phone' | PhoneApp, Catalogue> = {
  phone: englishPhone,
  driver: englishDriver,
  parent: englishParent,
};

const languageOfPath = (path: string) => path.split('/').at(-2)!;

const loaderFor = (catalogue: 'phone' | PhoneApp, language: string) =>
  Object.entries(LOADERS[catalogue]).find(([path]) => languageOfPath(path) === language)?.[1];

/** The languages an app can be shown in: those with both the kit's and the app's catalogue. */
export function phoneLanguages(app: PhoneApp): string[] {
  const withApp = new Set(Object.keys(LOADERS[app]).map(languageOfPath));
  return Object.keys(LOADERS.phone)
    .map(languageOfPath)
    .filter((language) => withApp.has(language))
    .sort();
}

/** The English catalogue of `app` with the kit's words: the fallback of every message. */
export const englishCatalogue = (app: PhoneApp): Catalogue => ({ ...ENGLISH.phone, ...ENGLISH[app] });

/** The catalogue of `app` in `language` (with the kit's words), loading its files if not English. */
export async function loadCatalogue(app: PhoneApp, language: string): Promise<Catalogue> {
  if (language === 'en') return englishCatalogue(app);
  const [phone, own] = await Promise.all(
    (['phone', app] as const).map(async (name) => (await loaderFor(name, language)?.()) ?? {}),
  );
  return { ...phone, ...own };
}
