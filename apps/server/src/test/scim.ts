/**
 * SCIM tests' client: a manager user of a customer with an API key of the given scopes (made by
 * the customer's reseller, as in the console), and requests to /scim/v2 as a directory sends them.
 */
import { SCIM_CONTENT_TYPE, SCIM_PATH } from '@portiere/contracts';
import type { TestDatabase } from './databases.ts';
import { call, type Harness, post, signIn, startHarness } from './harness.ts';

export interface ScimAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: SCIM's JSON, read by each test as the RFC shows it
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export type ScimClient = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ScimAnswer>;

/** A new manager user of `customerAdmin`'s customer with an API key of `scopes`. */
export async function scimKey(h: Harness, customerAdmin: string, scopes: string[] = ['scim']): Promise<string> {
  const customer = (await call(h.app, 'GET', 'me/', (await signIn(h, customerAdmin)).access)).body.customer.id;
  const reseller = (await signIn(h, 'partner@northwind.example')).access;
  const base = `customers/${customer}/manager-users/`;
  const email = `scim-${Math.random().toString(36).slice(2, 10)}@acme.example`;
  const user = await post(h.app, base, { email, scopes }, reseller);
  if (user.status !== 201) throw new Error(`manager user: ${JSON.stringify(user.body)}`);
  return (await post(h.app, `${base}${user.body.id}/reset-api-key/`, {}, reseller)).body.api_key as string;
}

export function scimClient(h: Harness, key: string | null): ScimClient {
  return async (method, path, body, headers = {}) => {
    const res = await h.app.inject({
      method,
      url: `${SCIM_PATH}${path}`,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': SCIM_CONTENT_TYPE } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const answered = Object.fromEntries(
      Object.entries(res.headers).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
    );
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, headers: answered };
  };
}

/** A SCIM test file's world: the harness, a directory's client for Acme and one for Globex, and Acme's admin. */
export async function startScim(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<{ h: Harness; scim: ScimClient; globex: ScimClient; acmeAdmin: string; acmeKey: string }> {
  const h = await startHarness(database, env);
  const acmeKey = await scimKey(h, 'admin@acme.example');
  return {
    h,
    acmeKey,
    scim: scimClient(h, acmeKey),
    globex: scimClient(h, await scimKey(h, 'admin@globex.example')),
    acmeAdmin: (await signIn(h, 'admin@acme.example')).access,
  };
}
