import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessage, LANGUAGE_TAG, messagePlaceholders, type Catalogue } from '@school-transport/shared';
import {
  defaultLocalesDir,
  readCatalogue,
  REFERENCE_LANGUAGE,
} from '../src/modules/platform/i18n/catalogues.js';

/**
 * The check that fails when a shipped catalogue lacks a key (decision 053): every language folder of
 * packages/shared/locales against English, file by file (the server's messages.json and whatever the apps keep
 * there: phone.json, driver.json, parent.json…), key by key, placeholder by placeholder, and every plural with the
 * branches the language's plural rule can choose.
 */
const localesDir = defaultLocalesDir();
const languages = fs
  .readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const files = fs
  .readdirSync(path.join(localesDir, REFERENCE_LANGUAGE))
  .filter((file) => file.endsWith('.json'))
  .sort();

/** The end of the `{ … }` starting at `open`. */
function closing(message: string, open: number): number {
  let depth = 0;
  for (let index = open; index < message.length; index += 1) {
    if (message[index] === '{') depth += 1;
    if (message[index] === '}' && --depth === 0) return index;
  }
  return -1;
}

interface Plural {
  name: string;
  /** The selectors of its branches: 'one', 'other', '=0'… */
  selectors: string[];
}

/** Every `{name, plural, …}` of a message, nested ones too (the search finds them wherever they are). */
function pluralsOf(message: string): Plural[] {
  const found: Plural[] = [];
  for (const match of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*,\s*plural\s*,/g)) {
    const close = closing(message, match.index);
    const body = message.slice(match.index + match[0].length, close);
    const selectors: string[] = [];
    let index = 0;
    for (;;) {
      const branch = /^\s*(=\d+|[a-z]+)\s*\{/.exec(body.slice(index));
      if (!branch) break;
      selectors.push(branch[1]!);
      index = closing(body, index + branch[0].length - 1) + 1;
    }
    found.push({ name: match[1]!, selectors });
  }
  return found;
}

/** Values for every placeholder: a number for a plural's, a word for the rest. */
function sampleValues(message: string, count: number): Record<string, string | number> {
  const plural = new Set(pluralsOf(message).map((p) => p.name));
  return Object.fromEntries(
    messagePlaceholders(message).map((name) => [name, plural.has(name) ? count : `‹${name}›`]),
  );
}

/** Counts that reach every category of every language (Arabic: 0 zero, 1 one, 2 two, 3 few, 11 many, 100 other). */
const COUNTS = [0, 1, 2, 3, 11, 100, 1.5, 1_000_000];

const catalogue = (language: string, file: string): Catalogue | undefined => {
  const where = path.join(localesDir, language, file);
  return fs.existsSync(where) ? readCatalogue(where) : undefined;
};

describe('the message catalogues', () => {
  it('ship English, Spanish and Arabic, in folders named by language tags', () => {
    expect(languages).toEqual(expect.arrayContaining(['en', 'es', 'ar']));
    for (const language of languages) expect(language, 'a folder name').toMatch(LANGUAGE_TAG);
    expect(files).toContain('messages.json');
  });

  describe.each(languages)('%s', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

    it.each(files)('has %s with the same keys as English', (file) => {
      const reference = catalogue(REFERENCE_LANGUAGE, file)!;
      const translated = catalogue(language, file);
      expect(translated, `${language}/${file} is missing`).toBeDefined();
      const missing = Object.keys(reference).filter((key) => !(key in translated!));
      const extra = Object.keys(translated!).filter((key) => !(key in reference));
      expect({ missing, extra }, `${language}/${file}`).toEqual({ missing: [], extra: [] });
    });

    it.each(files)('%s: every message has English’s placeholders and formats', (file) => {
      const reference = catalogue(REFERENCE_LANGUAGE, file)!;
      const translated = catalogue(language, file) ?? {};
      for (const [key, message] of Object.entries(translated)) {
        if (key in reference)
          expect(messagePlaceholders(message), `${language}/${file} "${key}"`).toEqual(
            messagePlaceholders(reference[key]!),
          );
        for (const count of COUNTS) {
          const formatted = formatMessage(language, message, sampleValues(message, count));
          // Every placeholder was filled: no "{name}" is left for a reader to see.
          expect(formatted, `${language}/${file} "${key}" with ${count}`).not.toMatch(/[{}]/);
        }
      }
    });

    it.each(files)(`%s: every plural has the branches ${language}’s plural rule chooses`, (file) => {
      for (const [key, message] of Object.entries(catalogue(language, file) ?? {}))
        for (const plural of pluralsOf(message)) {
          const lacking = categories.filter((category) => !plural.selectors.includes(category));
          expect(lacking, `${language}/${file} "${key}" {${plural.name}, plural}`).toEqual([]);
        }
    });
  });

  it('finds the plurals and the branches a check needs', () => {
    expect(pluralsOf('{n, plural, =0 {none} one {# of {m, plural, one {x} other {y}}} other {#}}')).toEqual([
      { name: 'n', selectors: ['=0', 'one', 'other'] },
      { name: 'm', selectors: ['one', 'other'] },
    ]);
    expect(new Intl.PluralRules('ar').resolvedOptions().pluralCategories).toHaveLength(6);
  });
});
