/** What the engine answers a channel: typed outcomes, no HTTP status and no protocol message. */
import type { ProvedKind, SignInFailureReason } from '@portiere/contracts';
import type { MemberRow } from '../modules/members/mapper.ts';
import type { StageView } from './progress.ts';

/** What a passed sign-in proved, for the channel's token, assertion or reply. */
export interface AuthFacts {
  /** The kinds passed, in order (`recovery` for each stage a recovery code stood in for). */
  kinds: ProvedKind[];
  /** RFC 8176 method references and the authentication context class (factors.ts). */
  amr: string[];
  acr: string;
  authTime: Date;
}

export type Outcome =
  /** An app approval not answered yet (or nothing asked): ask again later; nothing counted. */
  | { type: 'pending' }
  /** The throttle bars this name from this source for a while; nothing checked. */
  | { type: 'throttled'; retryAfterS: number }
  /** Right: the next stage to ask. `reading`: which reading of the answer held (Answer.or). */
  | { type: 'next'; stage: StageView; reading: number }
  /** Right, and the flow is passed. */
  | { type: 'success'; member: MemberRow; facts: AuthFacts; reading: number }
  /**
   * The sign-in failed. `told`: the reason may be said (a refusal after a right answer, the app
   * said no, or too few factors for the requester); else it is a wrong answer, to be answered
   * like any other (wrong_answer, locked, expired, too_many_failures), whoever asked.
   */
  | { type: 'failure'; reason: SignInFailureReason; told: boolean }
  /** Another answer moved the sign-in first, or it ended meanwhile. */
  | { type: 'gone' };

export type SendOutcome =
  /** `shown`: where it went, partly hidden; empty until a first answer was right, and when nothing went. */
  | { type: 'sent'; shown: string; resendS: number | null; number: number | null }
  /** Within the channel's resend interval; the wait, when known. */
  | { type: 'tooSoon'; retryAfterS: number | null };
