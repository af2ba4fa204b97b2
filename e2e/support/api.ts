/**
 * The API beside the pages, for tests that set up or check data: openapi-fetch typed by the
 * endpoints the server's OpenAPI document declares (@portiere/contracts/openapi), over Node's
 * fetch, as the console's signed-in user or with an API key.
 */

import { expect, type Page } from '@playwright/test';
import type { paths } from '@portiere/contracts/openapi';
import createClient, { type Client } from 'openapi-fetch';
import { E2E_ORIGIN } from './ports.ts';

export type Api = Client<paths>;

/** The signed-in console's access token, read from its local storage. */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('portiere-auth-')) return JSON.parse(localStorage.getItem(key) ?? '{}').accessToken ?? '';
    }
    return '';
  });
}

/** A client sending these headers (an API key, a bearer token) with every call. */
export function apiWith(headers: Record<string, string>): Api {
  return createClient<paths>({ baseUrl: E2E_ORIGIN, headers });
}

/** A client acting as the console's signed-in user of `page` (its current access token). */
export async function apiOf(page: Page): Promise<Api> {
  return apiWith({ Authorization: `Bearer ${await accessToken(page)}` });
}

/** A call's answer: anything but a 2xx fails the test with its body. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  expect(response.ok, `${response.url}: ${response.status} ${JSON.stringify(error)}`).toBe(true);
  return data as T;
}

/**
 * A multipart body for openapi-fetch: the document types a file field as a (binary) string,
 * which the fields stand for; the serializer sends the files themselves.
 */
export function multipart<F extends Record<string, Blob | string>>(
  fields: F,
): { body: { [K in keyof F]: string }; bodySerializer: () => FormData } {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { body: fields as unknown as { [K in keyof F]: string }, bodySerializer: () => form };
}

/** The customer of the signed-in customer user. */
export async function customerIdOf(api: Api): Promise<string> {
  const me = await ok(api.GET('/api/v1/me/'));
  if (!me.customer) throw new Error(`${me.username} is no customer user`);
  return me.customer.id;
}
