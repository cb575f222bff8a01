import fs from 'node:fs';
import path from 'node:path';
import { defaultLocalesDir, readCatalogue } from '../../../lib/locales.js';
import {
  languageName,
  textDirection,
  type AvailableLanguage,
  type Catalogue,
} from '@school-transport/shared';

/**
 * The server's message catalogues: `packages/shared/locales/<language>/messages.json`, the mails and push texts
 * it sends to parents and drivers (decision 053). Read from the repository at run time, not bundled, so an operator
 * adds a language by adding its folder and restarting the server. English is the reference and the fallback.
 */

/** The catalogue file of the texts the server sends. */
export const MESSAGES_FILE = 'messages.json';
export const REFERENCE_LANGUAGE = 'en';

export { defaultLocalesDir, readCatalogue };

export interface MessageCatalogues {
  /** Every language with a messages.json, English first, then by tag. */
  languages: readonly AvailableLanguage[];
  /** The tags of `languages`. */
  codes: readonly string[];
  /** The language's messages (English's for a language without any). */
  of(language: string): Catalogue;
}

/** Every language folder of `dir` that has a messages.json, each file read once. */
export function loadMessageCatalogues(dir: string): MessageCatalogues {
  const catalogues = new Map<string, Catalogue>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, MESSAGES_FILE);
    if (entry.isDirectory() && fs.existsSync(file)) catalogues.set(entry.name, readCatalogue(file));
  }
  const reference = catalogues.get(REFERENCE_LANGUAGE);
  if (!reference)
    throw new Error(`${dir}: no ${REFERENCE_LANGUAGE}/${MESSAGES_FILE}, the reference catalogue`);
  const codes = [...catalogues.keys()].sort((a, b) =>
    a === REFERENCE_LANGUAGE ? -1 : b === REFERENCE_LANGUAGE ? 1 : a.localeCompare(b),
  );
  return {
    languages: codes.map((code) => ({ code, name: languageName(code), direction: textDirection(code) })),
    codes,
    of: (language) => catalogues.get(language) ?? reference,
  };
}

let loaded: MessageCatalogues | undefined;

/** The catalogues of the repository's locales folder, read at the first call (the platform wing's, at start). */
export function messageCatalogues(): MessageCatalogues {
  loaded ??= loadMessageCatalogues(defaultLocalesDir());
  return loaded;
}
