import { expect, test } from '@playwright/test';

test("the console's page and scripts reach the browser compressed", async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (pathname === '/' || /\/assets\/.+\.(js|css)$/.test(pathname)) {
      encodings.set(pathname, res.headers()['content-encoding']);
    }
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(encodings.size).toBeGreaterThan(1);
  for (const [pathname, encoding] of encodings)
    expect([pathname, encoding]).toEqual([pathname, expect.stringMatching(/^(br|gzip)$/)]);
});
