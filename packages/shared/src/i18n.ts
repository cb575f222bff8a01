/**
 * Translation for the phone apps and the mails and push texts they cause (decision 053).
 *
 * A catalogue is a flat JSON object from key to message, one file per language and app under
 * `packages/shared/locales/<language>/<app>.json`; English (`en`) is the reference every shipped catalogue must
 * match key for key (test/catalogues.test.ts). A message is plain text with two kinds of placeholder, a subset of
 * ICU MessageFormat that translators' tools already know:
 *
 * - `{name}`: the value of `name`; a number is written the language's way (Arabic digits in Arabic, say).
 * - `{count, plural, one {# child} other {# children}}`: the branch the language's plural rule chooses for
 *   `count` (`zero`, `one`, `two`, `few`, `many`, `other`, or an exact `=0`), where `#` is the number written the
 *   language's way. `other` is required. Arabic uses all six categories; English only `one` and `other`.
 *
 * Kept small on purpose: no select, no nested formats. A date is formatted by the caller (with the same language)
 * and passed in as text.
 */

export type Catalogue = Readonly<Record<string, string>>;
export type MessageValues = Readonly<Record<string, string | number>>;

/** Languages written right to left; a language not listed is left to right. */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ps', 'ur', 'yi', 'dv', 'ku', 'sd', 'ug']);

/** The language part of a tag: 'es-MX' → 'es'. */
export const baseLanguage = (tag: string): string => tag.toLowerCase().split(/[-_]/)[0] ?? tag;

/** 'rtl' or 'ltr', for the page's `dir`. */
export const textDirection = (language: string): 'rtl' | 'ltr' =>
  RIGHT_TO_LEFT.has(baseLanguage(language)) ? 'rtl' : 'ltr';

/** A language's own name for itself ("Español", "العربية"), for a language picker. */
export function languageName(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : language;
  } catch {
    return language;
  }
}

/**
 * The language to use: the first of `wanted` (an account's choice, then the browser's languages) that has a
 * catalogue, matched on the base language ('es-MX' takes 'es'); else English.
 */
export function chooseLanguage(
  wanted: ReadonlyArray<string | null | undefined>,
  available: readonly string[],
): string {
  for (const tag of wanted) {
    if (!tag) continue;
    const exact = available.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = available.find((language) => language === baseLanguage(tag));
    if (base) return base;
  }
  return 'en';
}

// Building Intl objects is costly and a list formats many messages: one per language.
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, language: string, make: () => T): T {
  let value = map.get(language);
  if (!value) {
    value = make();
    map.set(language, value);
  }
  return value;
}

const pluralOf = (language: string, count: number) =>
  cached(pluralRules, language, () => new Intl.PluralRules(language)).select(count);

export const formatNumber = (language: string, value: number): string =>
  cached(numberFormats, language, () => new Intl.NumberFormat(language)).format(value);

/** The end of the `{ … }` group starting at `open`, counting nested braces. */
function closingBrace(message: string, open: number): number {
  let depth = 0;
  for (let index = open; index < message.length; index += 1) {
    if (message[index] === '{') depth += 1;
    else if (message[index] === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  throw new Error(`Unclosed "{" in message: ${message}`);
}

/** `one {…} other {…}` → { one: '…', other: '…' }. */
function pluralBranches(body: string): Record<string, string> {
  const branches: Record<string, string> = {};
  let index = 0;
  while (index < body.length) {
    const match = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(index));
    if (!match) break;
    const open = index + match[0].length - 1;
    const close = closingBrace(body, open);
    branches[match[1]!] = body.slice(open + 1, close);
    index = close + 1;
  }
  if (!('other' in branches)) throw new Error(`A plural needs an "other" branch: ${body}`);
  return branches;
}

/** A plural branch with its own `#`s written as `count`: those of a plural nested in it stand for that one's count. */
function withCount(branch: string, count: string): string {
  let depth = 0;
  let result = '';
  for (const character of branch) {
    if (character === '{') depth += 1;
    else if (character === '}') depth -= 1;
    result += character === '#' && depth === 0 ? count : character;
  }
  return result;
}

/** Writes `message` in `language` with `values` (see the module's comment for the syntax). */
export function formatMessage(language: string, message: string, values: MessageValues = {}): string {
  let result = '';
  let index = 0;
  while (index < message.length) {
    const open = message.indexOf('{', index);
    if (open === -1) {
      result += message.slice(index);
      break;
    }
    result += message.slice(index, open);
    const close = closingBrace(message, open);
    const inner = message.slice(open + 1, close);
    const comma = inner.indexOf(',');
    if (comma === -1) {
      const value = values[inner.trim()];
      result += typeof value === 'number' ? formatNumber(language, value) : (value ?? `{${inner}}`);
    } else {
      const name = inner.slice(0, comma).trim();
      const rest = inner.slice(comma + 1);
      const kind = /^\s*plural\s*,/.exec(rest);
      if (!kind) throw new Error(`Only {name} and {name, plural, …} are supported: ${message}`);
      const count = Number(values[name] ?? 0);
      const branches = pluralBranches(rest.slice(kind[0].length));
      const branch = branches[`=${count}`] ?? branches[pluralOf(language, count)] ?? branches.other!;
      result += formatMessage(language, withCount(branch, formatNumber(language, count)), values);
    }
    index = close + 1;
  }
  return result;
}

/** The placeholders a message uses, for the catalogue check (a translation must use the same ones). */
export function messagePlaceholders(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:,|\})/g)) names.add(match[1]!);
  return [...names].sort();
}

/**
 * A `t(key, values)` for one language: the catalogue's message, else English's (a catalogue an operator added may
 * lag behind a release), else the key itself, so a missing text is visible rather than blank.
 */
export function translator(
  language: string,
  catalogue: Catalogue,
  fallback: Catalogue,
): (key: string, values?: MessageValues) => string {
  return (key, values) => {
    const message = catalogue[key] ?? fallback[key];
    if (message === undefined) return key;
    return formatMessage(catalogue[key] === undefined ? 'en' : language, message, values);
  };
}
