import {
  chooseLanguage,
  isStaffRole,
  textDirection,
  translator,
  type MessageValues,
  type Role,
} from '@school-transport/shared';
import { clockTimeIn } from '../../../lib/locales.js';
import { dayIn, longDayIn, type WordValue } from '../../../lib/errors.js';
import { messageCatalogues, REFERENCE_LANGUAGE, type MessageCatalogues } from './catalogues.js';

/**
 * A value of a sent text: plain (a name, a number), another message of the catalogue in the same language (a run's
 * name), or a time of day written the language's way on the operator's clock.
 */
export type TextValue = WordValue;
export type TextValues = Readonly<Record<string, TextValue>>;

/** The texts of one language: `t(key, values)`, and the language's tag and direction for a mail's markup. */
export interface Translator {
  language: string;
  direction: 'ltr' | 'rtl';
  t(key: string, values?: TextValues): string;
}

export { clockTimeIn };

/** A translator for `language` (one with a catalogue: see `recipientLanguage`). */
export function translatorFor(
  language: string,
  catalogues: MessageCatalogues = messageCatalogues(),
): Translator {
  const plain = translator(language, catalogues.of(language), catalogues.of(REFERENCE_LANGUAGE));
  const valueIn = (value: TextValue): string | number => {
    if (typeof value !== 'object') return value;
    if ('message' in value) return plain(value.message);
    if ('day' in value) return dayIn(language, value.day);
    if ('longDay' in value) return longDayIn(language, value.longDay);
    return clockTimeIn(language, value.clockTime, value.timeZone);
  };
  return {
    language,
    direction: textDirection(language),
    t(key, values = {}) {
      const resolved: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(values)) resolved[name] = valueIn(value);
      return plain(key, resolved as MessageValues);
    },
  };
}

/** Whose language a text is written in: a user's chosen language and the languages of their browser. */
export interface LanguageHolder {
  role: Role;
  language: string | null;
  browserLanguage: string | null;
}

/**
 * The language of what is sent to this person: their choice, else their browser's (the first with a catalogue),
 * else English. The office's staff read English: the back-office is English only.
 */
export function recipientLanguage(
  holder: LanguageHolder,
  catalogues: MessageCatalogues = messageCatalogues(),
): string {
  if (isStaffRole(holder.role)) return REFERENCE_LANGUAGE;
  return chooseLanguage([holder.language, ...(holder.browserLanguage?.split(',') ?? [])], catalogues.codes);
}

/** The translator for what is sent to this person. */
export const translatorOf = (holder: LanguageHolder): Translator => translatorFor(recipientLanguage(holder));
