import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The WCAG 2.0, 2.1 and 2.2 rules of levels A and AA, as axe tags them. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What a person relying on assistive technology cannot get past (axe's two highest impacts). */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The WCAG AA rules whose outcome depends on the colours. A screen's other colour mode changes its colours and
 * nothing else (the same elements, names, roles and layout): scanned whole in one mode, it needs only these in the
 * other, which halves the slowest part of the accessibility stories.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

interface ScanOptions {
  /** Restricts the scan to part of the page, e.g. an open dialog ('[role="dialog"]'). */
  include?: string;
  /** Only the rules about colours (COLOUR_RULES): the screen in its other colour mode, already scanned whole. */
  coloursOnly?: boolean;
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** A violation as a person reads it: rule, impact, help, then every element it names and why. */
function describe(violation: Violation): string {
  const nodes = violation.nodes.map(
    (node) =>
      `    ${node.target.join(' ')}  ${node.html.slice(0, 160)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
  );
  return [`[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes].join(
    '\n',
  );
}

/**
 * Runs axe over the page as it is now (WCAG 2.x A and AA) and fails on every serious or critical violation,
 * naming the rule, its help text and the elements at fault. `screen` names the step in the failure message.
 * The failure is soft: the test goes on to its next screens and fails at its end, listing them all.
 */
export async function expectNoSeriousViolations(
  page: Page,
  screen: string,
  { include, coloursOnly = false }: ScanOptions = {},
): Promise<void> {
  // A dialog fading in or a ripple would have axe measure colours half-way through: wait for finite ones to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  let builder = coloursOnly
    ? new AxeBuilder({ page }).withRules(COLOUR_RULES)
    : new AxeBuilder({ page }).withTags(WCAG_AA_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  // Compared as text, so a failure reads as the list of violations rather than a diff of axe's objects.
  expect.soft(blocking.map(describe), `accessibility violations on ${screen}`).toEqual([]);
}

/** Runs only the axe `rules` named: the violations, described, and how many elements passed each rule. */
export async function axeRules(
  page: Page,
  rules: string[],
): Promise<{ violations: string[]; passed: Record<string, number> }> {
  const { violations, passes } = await new AxeBuilder({ page }).withRules(rules).analyze();
  return {
    violations: violations.map(describe),
    passed: Object.fromEntries(passes.map((rule) => [rule.id, rule.nodes.length])),
  };
}
