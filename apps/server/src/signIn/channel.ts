/**
 * The channels members sign in through, and what a channel's sign-in differs in. The engine
 * (engine.ts) reads these rules; an adapter only names its channel. A new channel (RADIUS, SAML)
 * adds its name and its row here, and takes the web's choices unless its protocol
 * says otherwise: the login assistant's differ only because its answers were set before.
 */
import {
  ASSISTANT_SIGN_IN_MAX_FAILURES,
  type AuditAction,
  SIGNIN_MAX_FAILURES,
  SIGNIN_RESEND_S,
  type SignInChannelName,
  type SignInFailureReason,
} from '@portiere/contracts';

export type SignInChannel = 'web' | 'assistant' | 'workstation' | 'radius';

export interface ChannelRules {
  /**
   * The configuration group's switch that admits its members to the channel (web_login_enabled,
   * workstation_login_enabled), and the refusal when it is off; null: every group may.
   */
  groupSwitch: {
    column: 'webLoginEnabled' | 'workstationLoginEnabled';
    refusal: SignInFailureReason;
  } | null;
  /** Wrong answers a sign-in takes before it is spent. */
  maxFailures: number;
  /** A code or app request goes out at most once per this many seconds per kind and sign-in; null: only the credential's own limit. */
  resendS: number | null;
  /** The sign-in throttle's key: its prefix, and whether a known member counts by id (else by the name as typed). */
  throttle: { prefix: string; byMember: boolean };
  /**
   * Refusals wait for a first right answer and then say why (blocked, the group's switch off,
   * no flow), ending the sign-in. Without: a blocked member's answers are simply wrong.
   */
  explains: boolean;
  /** Outcomes go to the member's sign-in record (users/{id}/sign-ins/) under this channel's name; null: not recorded. */
  record: SignInChannelName | null;
  /**
   * Only the member's credentials marked usable for Windows login answer, and a member whose
   * identity has expired (identity_not_valid_after, or every identity's validTo) is refused.
   */
  windows: boolean;
  audit: {
    failure: AuditAction;
    /** Set by the engine at a success, with the kinds passed; else the adapter names its success. */
    success: AuditAction | null;
    /** A failure's reason in the trail: the engine's (wrong_answer, locked...) or only the answer's 'login'. */
    reasons: 'detailed' | 'login';
  };
}

export const CHANNELS: Record<SignInChannel, ChannelRules> = {
  web: {
    groupSwitch: { column: 'webLoginEnabled', refusal: 'web_login_disabled' },
    maxFailures: SIGNIN_MAX_FAILURES,
    resendS: SIGNIN_RESEND_S,
    throttle: { prefix: 'signin', byMember: true },
    explains: true,
    record: 'web',
    windows: false,
    audit: { failure: 'signin.failure', success: 'signin.success', reasons: 'detailed' },
  },
  assistant: {
    groupSwitch: null,
    maxFailures: ASSISTANT_SIGN_IN_MAX_FAILURES,
    resendS: null,
    throttle: { prefix: 'assistant', byMember: false },
    explains: false,
    record: null,
    windows: false,
    audit: { failure: 'assistant.sign_in_failure', success: null, reasons: 'login' },
  },
  /** A workstation's credential provider (modules/workstation): the web's choices, at the machine. */
  workstation: {
    groupSwitch: { column: 'workstationLoginEnabled', refusal: 'workstation_login_disabled' },
    maxFailures: SIGNIN_MAX_FAILURES,
    resendS: SIGNIN_RESEND_S,
    throttle: { prefix: 'workstation', byMember: true },
    explains: true,
    record: 'workstation',
    windows: true,
    audit: { failure: 'workstation.sign_in_failure', success: 'workstation.sign_in', reasons: 'detailed' },
  },
  /**
   * A RADIUS client (radius/): the web's choices. The RADIUS application's app roles admit the
   * groups (no switch of its own); a refusal after a right answer is said in the Reply-Message.
   */
  radius: {
    groupSwitch: null,
    maxFailures: SIGNIN_MAX_FAILURES,
    resendS: SIGNIN_RESEND_S,
    throttle: { prefix: 'radius', byMember: true },
    explains: true,
    record: 'radius',
    windows: false,
    audit: { failure: 'radius.sign_in_failure', success: 'radius.sign_in', reasons: 'detailed' },
  },
};
