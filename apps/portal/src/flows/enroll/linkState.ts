/** Which "this link does not work" page an answer calls for. */
import type { ErrorCode } from '@portiere/contracts';
import { ApiError } from '../../lib/api';

export const LINK_PROBLEMS = ['enrollmentLinkInvalid', 'enrollmentLinkExpired', 'enrollmentLinkUsed'] as const;
export type LinkProblem = (typeof LINK_PROBLEMS)[number] & ErrorCode;

/**
 * The link's problem when the server refused it: 410 with its code. Any other refusal of the
 * link itself (4xx other than a rate limit, on loading the page) reads as an invalid link;
 * network and server failures are not link problems (the page offers Retry).
 */
export function linkProblemOf(err: unknown, loading = false): LinkProblem | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 410) {
    return (LINK_PROBLEMS as readonly string[]).includes(err.code)
      ? (err.code as LinkProblem)
      : 'enrollmentLinkInvalid';
  }
  if (loading && err.status >= 400 && err.status < 500 && err.status !== 429 && err.status !== 408) {
    return 'enrollmentLinkInvalid';
  }
  return null;
}
