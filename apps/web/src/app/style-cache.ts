import createCache, { type EmotionCache, type StylisElement, type StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';

/** A vendor's pseudo-class or pseudo-element in a selector: `::-moz-focus-inner`, `::-webkit-input-placeholder`. */
const VENDOR_PSEUDO = /::?-(?:webkit|moz|ms|o)-[a-z-]+/g;

const understood = new Map<string, boolean>();

/** Whether this browser parses the vendor pseudo (asked once each); where it cannot be asked (jsdom), yes. */
function understands(pseudo: string): boolean {
  let known = understood.get(pseudo);
  if (known === undefined) {
    known =
      typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports(`selector(${pseudo})`);
    understood.set(pseudo, known);
  }
  return known;
}

/** Whether this browser can parse the selector, as far as its vendors' pseudos go. */
export function isUnderstoodSelector(selector: string): boolean {
  return (selector.match(VENDOR_PSEUDO) ?? []).every(understands);
}

/**
 * Keeps out of a rule the selectors this browser cannot parse, and the rule itself when none is left. A browser
 * refuses a whole rule for one selector it does not know, and emotion then catches the exception: MUI's styles and
 * the prefixer's copies (`::-moz-placeholder`, `::-ms-input-placeholder`, `::-moz-focus-inner`) were 28 of the 356
 * rules a Students list inserts in Chromium, and each refusal took about 0.8 ms, a third of all the time spent
 * inserting rules (decision 080). Firefox still gets its `-moz-` rules, since it parses them.
 */
export const understoodRulesOnly: StylisPlugin = (element: StylisElement) => {
  if (element.type !== 'rule' || !Array.isArray(element.props)) return;
  const kept = element.props.filter(isUnderstoodSelector);
  if (kept.length === element.props.length) return;
  element.props = kept;
  // A rule with no children is written as nothing, and emotion inserts nothing for it.
  if (kept.length === 0) element.children = [];
};

/**
 * The back-office's style cache: emotion's own (key `css`, its prefixer for the browsers that still need a
 * `-webkit-` property), and the rules this browser cannot parse left out (`understoodRulesOnly`).
 */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [prefixer, understoodRulesOnly] });
}
