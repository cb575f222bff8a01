import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
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

type Violation = AxeResults['violations'][number];

/** The axe-core that @axe-core/playwright itself runs (its own dependency), as the script a page evaluates. */
const AXE_SOURCE = (() => {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8');
})();

/**
 * Runs axe in the page itself and answers its violations. AxeBuilder's default run opens a blank page of its own
 * for every scan (axe.finishRun, made for pages with cross-origin frames) and evaluates axe's half-megabyte source
 * in both pages each time; here axe is put in the page once (again only after a full load) and runs where it is,
 * reporting only the violations in full (`resultTypes`: the passes, each node of them, are never read here). The
 * screens have no frames; should one ever have, the builder in its single-page mode scans each frame too.
 */
async function violationsOf(page: Page, include: string | undefined, options: RunOptions) {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).setLegacyMode().options(options);
    if (include) builder = builder.include(include);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, options }) => {
      const { axe } = window as unknown as { axe: { run: typeof import('axe-core').run } };
      const results = await axe.run(include ? { include: [include] } : document, options);
      return results.violations;
    },
    { include, options: { ...options, resultTypes: ['violations'] } satisfies RunOptions },
  );
}

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
  const violations = await violationsOf(page, include, {
    runOnly: coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_AA_TAGS },
  });
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
