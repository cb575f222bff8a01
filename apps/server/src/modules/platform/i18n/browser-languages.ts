import { LANGUAGE_TAG } from '@school-transport/shared';

/** At most this many of the browser's languages are kept: the first few decide, the rest are noise. */
const KEPT = 5;

/**
 * An Accept-Language header as the languages it asks for, most wanted first ('es-MX,es;q=0.9,en;q=0.5' →
 * 'es-MX,es,en'), or null when it names none. `*` and malformed tags are left out.
 */
export function browserLanguages(header: string | undefined): string | null {
  if (!header) return null;
  const weighted = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ tag, weight }) => weight > 0 && LANGUAGE_TAG.test(tag.toLowerCase()));
  weighted.sort((a, b) => b.weight - a.weight || a.order - b.order);
  const tags = [...new Set(weighted.map(({ tag }) => tag))].slice(0, KEPT);
  return tags.length ? tags.join(',') : null;
}
