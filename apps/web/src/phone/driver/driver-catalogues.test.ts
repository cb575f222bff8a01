import { formatMessage, formatNumber, messagePlaceholders } from '@school-transport/shared';
import { describe, expect, it } from 'vitest';
import arabic from '../../../../../packages/shared/locales/ar/driver.json';
import english from '../../../../../packages/shared/locales/en/driver.json';
import spanish from '../../../../../packages/shared/locales/es/driver.json';

const SHIPPED: Record<string, Record<string, string>> = { es: spanish, ar: arabic };
/** Each plural's branches, by the language's categories (CLDR): English and Spanish one/other, Arabic all six. */
const CATEGORIES: Record<string, string[]> = {
  en: ['one', 'other'],
  es: ['one', 'other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
};

const pluralsOf = (message: string) =>
  [...message.matchAll(/\{\s*\w+\s*,\s*plural\s*,((?:[^{}]|\{[^{}]*\})*)\}/g)].map((match) =>
    [...match[1]!.matchAll(/(zero|one|two|few|many|other)\s*\{/g)].map((branch) => branch[1]),
  );

describe("the driver app's catalogues", () => {
  it.each(Object.keys(SHIPPED))(
    '%s has every English key with the same placeholders, and no other',
    (code) => {
      const catalogue = SHIPPED[code]!;
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(english))
        expect(messagePlaceholders(catalogue[key]!), key).toEqual(messagePlaceholders(message));
    },
  );

  it.each(['en', 'es', 'ar'])(
    '%s gives each plural every category of the language and formats each message',
    (code) => {
      const catalogue = code === 'en' ? english : SHIPPED[code]!;
      for (const [key, message] of Object.entries(catalogue)) {
        for (const branches of pluralsOf(message))
          expect(branches.sort(), key).toEqual([...CATEGORIES[code]!].sort());
        const values = Object.fromEntries(messagePlaceholders(message).map((name) => [name, 2]));
        expect(() => formatMessage(code, message, values), key).not.toThrow();
      }
    },
  );

  it('counts children the Arabic way', () => {
    const counts = (count: number) => formatMessage('ar', arabic['trip.onBus.unit'], { count });
    expect(counts(2)).toBe('طفلان في الحافلة');
    expect(counts(3)).toBe('أطفال في الحافلة');
    // The digits are the language's as Intl writes them (Latin or Arabic-Indic, by the ICU's data).
    expect(formatMessage('ar', arabic['waiting.count'], { count: 11 })).toBe(
      `${formatNumber('ar', 11)} حدثًا بانتظار الإرسال`,
    );
  });
});
