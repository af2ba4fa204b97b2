/** The API as the console's signed-in user, for tests that set up or check data beside the pages. */
import { expect, type Page } from '@playwright/test';

/** The signed-in console's access token, read from its local storage. */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('portiere-auth-')) return JSON.parse(localStorage.getItem(key) ?? '{}').accessToken ?? '';
    }
    return '';
  });
}

/** Calls /api/v1/<path> with that token; anything but a 2xx answer fails the test with its body. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(`/api/v1/${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}
