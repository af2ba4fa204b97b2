/** How the sign-in pages read a refusal: the end of the sign-in, a wrong answer, or a passing problem. */
import type { ErrorCode } from '@portiere/contracts';
import { ApiError } from '../../lib/api';

/**
 * Refusals after which the interaction is over (the server spends it): the page says why and
 * offers no form. A request the member's app denied ends it too, as does a wrong number picked in
 * the app and a denial the member reported ("this was not me").
 */
export const END_CODES = [
  'signInExpired',
  'signInBlocked',
  'signInWebLoginDisabled',
  'signInNoFlow',
  'signInTooManyFailures',
  'signInDenied',
  'signInWrongNumber',
  'signInReported',
] as const satisfies readonly ErrorCode[];
export type EndCode = (typeof END_CODES)[number];

/** The end a refusal means, or null. An unknown or finished interaction answers 404. */
export function endOf(err: unknown): EndCode | null {
  if (!(err instanceof ApiError)) return null;
  if ((END_CODES as readonly string[]).includes(err.code)) return err.code as EndCode;
  return err.status === 404 ? 'signInExpired' : null;
}

/** A wrong password, PIN or code: 401 'Login failed.' (the same whatever was wrong). */
export function isWrongAnswer(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && err.code === 'login';
}

/** The server could not be reached: the same action may simply be tried again. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}
