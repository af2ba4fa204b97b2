import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, as the issue asks: every A and AA rule of 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The WCAG A and AA rules axe tags "experimental" and so leaves out even when their WCAG tags
 * are asked for: among them label-content-name-mismatch (2.5.3, a button's name must hold its
 * visible text), which conformance audits run.
 */
export const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One line per violation and one per offending node, so a failure says what to fix and where. */
export function formatViolations(violations: Violations): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map(
        (n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
      );
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** Runs axe on the page, or only inside `include`, and fails softly with the violations listed. */
export async function expectNoAxeViolations(page: Page, what: string, include?: string) {
  await transitionsDone(page);
  const enabled = Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }]));
  let builder = new AxeBuilder({ page }).options({ rules: enabled }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  // Compared as text, so a failure prints the readable list rather than axe's raw objects.
  expect.soft(formatViolations(violations), `axe violations on ${what}`).toBe('');
}

/** The page has loaded: its heading is shown and no spinner or progress bar is left. */
export async function waitForLoaded(page: Page) {
  // The first load of a page fetches its chunks: allow for a busy machine.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Waits for the running CSS transitions (a dialog fading in, a drawer sliding) to end: axe would
 * otherwise measure the contrast of half-transparent text. Endless ones (spinners) are left out.
 */
export async function transitionsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
