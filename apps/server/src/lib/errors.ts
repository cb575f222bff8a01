import path from 'node:path';
import {
  dayInLocale,
  formatMessage,
  longDayInLocale,
  type Catalogue,
  type FieldError,
} from '@school-transport/shared';
import { clockTimeIn, defaultLocalesDir, readCatalogue } from './locales.js';

/**
 * A value of a worded text: plain (a name, a number), another message of the catalogue in the same language (a
 * run's name), a time of day written the language's way on the operator's clock, or a day written the language's
 * way.
 */
export type WordValue =
  | string
  | number
  | { message: string }
  | { clockTime: Date; timeZone: string }
  | { day: string }
  | { longDay: string };

/** A day (YYYY-MM-DD) as the language writes it: 2 Mar 2026, 2 mar 2026; English as the operator's locale does. */
export const dayIn = (language: string, day: string): string =>
  language === 'en' ? dayInLocale(day) : dayInLocale(day, language);

/** A day with its weekday, without the year: 'Monday 8 September', 'lunes, 8 de septiembre' (decision 068). */
export const longDayIn = (language: string, day: string): string =>
  language === 'en' ? longDayInLocale(day) : longDayInLocale(day, language);

/**
 * A text of the `messages` catalogue (packages/shared/locales/<language>/messages.json) with its values: how a
 * refusal a driver or parent can meet is worded, so the error handler can write it in their language (decision
 * 053). `code` is the catalogue's key, stable for clients; the values are the message's placeholders.
 */
export interface Words {
  code: string;
  params?: Readonly<Record<string, WordValue>>;
}

/** A field's message, worded from the catalogue when `words` is given (its `message` is then the English). */
export type WordedFieldError = FieldError & { words?: Words };

/**
 * An error meant for the person using the API: its status and message are sent as they are.
 * Anything thrown that is not an AppError is treated as a bug and answered with a generic 500.
 * A refusal with `words` is written in the language of whoever asked (plugins/error-handler.ts); its `message` is
 * the English, for logs and the office.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: WordedFieldError[],
    /** Sent as Retry-After: when a client that was refused for load may try again. */
    readonly retryAfterSeconds?: number,
    readonly words?: Words,
  ) {
    super(message);
  }
}

let english: Catalogue | undefined;

/** The English catalogue of the server's texts, read at the first refusal. */
function englishMessages(): Catalogue {
  english ??= readCatalogue(path.join(defaultLocalesDir(), 'en', 'messages.json'));
  return english;
}

/** `words` written in `language` with that language's catalogue `messages` (English: the reference). */
export function wordsIn(language: string, words: Words, messages: Catalogue = englishMessages()) {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(words.params ?? {})) {
    if (typeof value !== 'object') params[name] = value;
    else if ('day' in value) params[name] = dayIn(language, value.day);
    else if ('longDay' in value) params[name] = longDayIn(language, value.longDay);
    else if ('message' in value) params[name] = wordsIn(language, { code: value.message }, messages).message;
    else params[name] = clockTimeIn(language, value.clockTime, value.timeZone);
  }
  const message = messages[words.code] ?? englishMessages()[words.code];
  if (message === undefined) throw new Error(`No message "${words.code}" in the messages catalogue`);
  return { message: formatMessage(language, message, params), params };
}

/** The English of `words`: an AppError's message. */
export const inEnglish = (words: Words): string => wordsIn('en', words).message;

/** A field's error worded from the catalogue. */
export const wordedField = (field: string, words: Words): WordedFieldError => ({
  field,
  message: inEnglish(words),
  words,
});

/**
 * A refusal worded from the messages catalogue: `refusal(409, { code: 'refusal.absence.tooLate' })`. Every refusal
 * a driver or a parent can meet on their app's routes is one of these; the office's own stay plain English.
 */
export const refusal = (
  statusCode: number,
  words: Words,
  errors?: WordedFieldError[],
  retryAfterSeconds?: number,
) => new AppError(statusCode, inEnglish(words), errors, retryAfterSeconds, words);

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new AppError(409, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, message);
export const serviceBusy = (message: string, retryAfterSeconds: number) =>
  new AppError(503, message, undefined, retryAfterSeconds);
