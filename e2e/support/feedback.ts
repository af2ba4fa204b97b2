import { expect, type Page } from '@playwright/test';

/**
 * The console's snackbar shows a success for 2 s (spec: max(2000 ms, 200 ms per word)). On a
 * loaded machine the page can be busy rendering the next screen for about that long, and an
 * `expect(...).toBeVisible()` that polls then may look only after the message has gone (seen in
 * CI: the message was in the DOM 28 ms before the check started, whose first look came 2.1 s
 * later). This records, in the page, every message the snackbar renders from now on, so a test
 * asserts that the member saw it, not that it was still there when Playwright looked.
 */
export async function watchFeedback(page: Page): Promise<{ shown: (text: string) => Promise<void> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __feedbackSeen?: string[] };
    if (w.__feedbackSeen) return;
    const seen: string[] = [];
    w.__feedbackSeen = seen;
    const record = () => {
      for (const el of document.querySelectorAll('[data-testid="feedback-snackbar"] [role]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true, characterData: true });
    record();
  });
  return {
    shown: (text: string) =>
      expect
        .poll(() => page.evaluate(() => (window as unknown as { __feedbackSeen?: string[] }).__feedbackSeen ?? []), {
          message: `the snackbar showed "${text}"`,
        })
        .toContain(text),
  };
}
