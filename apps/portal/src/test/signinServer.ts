/** A web sign-in waiting at a stage, as the fake API serves it, and the page's navigation to watch. */
import { vi } from 'vitest';
import { fail, fakeApi, ok } from './fakeApi';
import { CUSTOMER_ID } from './fixtures';
import { atStage, SIGNIN, stage } from './signinFixtures';

/** A stage of six kinds: the app with biometry is answered as the app, and a browser cannot answer a smartcard. */
export const SEVERAL = stage({
  index: 0,
  count: 1,
  kinds: ['password', 'mail', 'app_biometry', 'smartcard', 'keypair', 'app'],
});

/** The fake API of a sign-in at `at`, with no branding, answering `routes` too. */
export function serveStage(at = SEVERAL, routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${SIGNIN}`]: () => ok(atStage(at)),
    [`GET branding/${CUSTOMER_ID}/`]: () => fail(404, 'notFound'),
    ...routes,
  });
}

/** Replaces window.location; the spy it answers sees where the page sends the browser. */
export function stubLocation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
  return assign;
}
