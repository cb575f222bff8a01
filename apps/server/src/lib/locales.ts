import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '@school-transport/shared';

/**
 * Where the catalogues are (packages/shared/locales, decision 053) and how a file of them is read, for the i18n
 * module and for the English words of a refusal (errors.ts).
 */

/**
 * packages/shared/locales, found by walking up from this file: the sources (apps/server/src/…) and the built
 * bundle (apps/server/dist) sit at different depths below the repository's root.
 */
export function defaultLocalesDir(from = import.meta.dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'packages', 'shared', 'locales');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No packages/shared/locales above ${from}`);
  }
}

/** A catalogue file as JSON: a flat object of strings, or an error naming the file and what is wrong. */
export function readCatalogue(file: string): Catalogue {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${file}: a catalogue is a JSON object of key → message`);
  for (const [key, message] of Object.entries(parsed))
    if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
  return parsed as Catalogue;
}

// One formatter per language and zone: a notification batch formats the same clock for many parents.
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** 07:42 in English and Spanish, ٠٧:٤٢ where the language writes its own digits: always a 24-hour clock. */
export function clockTimeIn(language: string, instant: Date, timeZone: string): string {
  const cacheKey = `${language} ${timeZone}`;
  let format = clockFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    clockFormats.set(cacheKey, format);
  }
  return format.format(instant);
}
