import { css } from '@emotion/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The module with a browser that parses the pseudos `known` lists and no other vendor's pseudo. */
async function inBrowserKnowing(known: string[]) {
  vi.stubGlobal('CSS', {
    supports: (condition: string) => known.some((pseudo) => condition === `selector(${pseudo})`),
  });
  return import('./style-cache');
}

/**
 * The rules the cache would insert for a style, as emotion hands them to its sheet, less the empty rule of the
 * class itself that emotion writes for a style with nested rules only.
 */
function rulesInserted(cache: import('@emotion/cache').EmotionCache, styles: string): string[] {
  const inserted: string[] = [];
  const serialized = css(styles);
  cache.insert(
    `.${cache.key}-${serialized.name}`,
    serialized,
    { ...cache.sheet, insert: (rule: string) => inserted.push(rule) } as never,
    true,
  );
  return inserted.filter((rule) => !rule.endsWith('{}'));
}

describe('the style cache', () => {
  it('leaves out the rules whose vendor pseudo this browser cannot parse, and keeps what it can', async () => {
    const { createStyleCache } = await inBrowserKnowing(['::-webkit-input-placeholder']);
    const rules = rulesInserted(
      createStyleCache(),
      'color:red;&::placeholder{opacity:0.4;}&::-moz-focus-inner{border-style:none;}',
    );
    expect(rules.some((rule) => rule.includes('color:red'))).toBe(true);
    // The prefixer's copies of ::placeholder: only the one this browser knows, and the standard one.
    expect(rules.some((rule) => rule.includes('::-webkit-input-placeholder'))).toBe(true);
    expect(rules.some((rule) => rule.includes('::placeholder'))).toBe(true);
    expect(rules.filter((rule) => /-moz-|-ms-/.test(rule))).toEqual([]);
  });

  it('keeps the -moz- rules for a browser that parses them', async () => {
    const { createStyleCache } = await inBrowserKnowing(['::-moz-focus-inner', '::-moz-placeholder']);
    const rules = rulesInserted(createStyleCache(), '&::-moz-focus-inner{border-style:none;}');
    expect(rules).toEqual([expect.stringContaining('::-moz-focus-inner{border-style:none;}')]);
  });

  it('keeps the understood selectors of a rule that lists several', async () => {
    const { isUnderstoodSelector } = await inBrowserKnowing([]);
    expect(isUnderstoodSelector('.a::-moz-focus-inner')).toBe(false);
    expect(isUnderstoodSelector('.a:hover')).toBe(true);
    const { createStyleCache } = await inBrowserKnowing([]);
    const rules = rulesInserted(createStyleCache(), '& .b, &::-moz-focus-inner{color:blue;}');
    expect(rules).toEqual([expect.stringMatching(/^\.css-[a-z0-9]+ \.b\{color:blue;\}$/)]);
  });
});
