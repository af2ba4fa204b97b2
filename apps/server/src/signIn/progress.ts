/**
 * Where a sign-in stands, as the engine reads it, and the writes it asks of the channel's store.
 * Each channel keeps its sign-ins in progress in its own table (the web login's oidc_sign_ins,
 * keyed by the provider interaction; the assistant's assistant_sessions, by an opaque token):
 * the adapter reads its row into a Progress and hands the engine a ProgressStore over that row.
 */
import type { CredentialType, ProvedKind, SignInFailureReason } from '@portiere/contracts';

import type { SentAt } from '../db/schema/index.ts';

export type { SentAt };

export interface Progress {
  /** The sign-in's id in its channel (the web login's interaction uid); app approvals name it. */
  id: string;
  customerId: string;
  /** The application signed in to, if any: app approvals and the sign-in record name it. */
  applicationId: string | null;
  /** The workstation signed in at, if any: app approvals and the sign-in record name it. */
  machine?: string | null;
  /** Null for a name or card that names nobody: such a sign-in walks on and never succeeds. */
  memberId: string | null;
  /** As typed (or a card's code hidden): the throttle's key and the audit's name for nobody. */
  username: string;
  /** The flow walked, as it was at identify. */
  stages: CredentialType[][];
  terminating: CredentialType[];
  stage: number;
  /** The kinds passed so far, in order. */
  proved: ProvedKind[];
  /** A first answer was right: a refusal may now say why. */
  answered: boolean;
  /** A recovery code was right: it stands in for the stages recovery mode disabled. */
  recovered: boolean;
  sentAt: SentAt;
  /** When the sign-in ends (app approvals expire with it). */
  expiresAt: Date;
}

/** A kind a sign-in is answered with (`security_key` is only ever proved, by a key pair's answer). */
export type AnsweredKind = Exclude<ProvedKind, 'security_key'>;

/** The move a right answer makes. */
export interface Move {
  stage: number;
  proved: ProvedKind[];
  recovered: boolean;
  /** The flow is passed: the sign-in is spent. */
  finished: boolean;
}

export interface ProgressStore {
  /** Counts a wrong answer, atomically (racing answers each count); the count now, null when the sign-in is gone. */
  countFailure(): Promise<number | null>;
  /** The sign-in goes no further: too many failures, or a refusal that said why. */
  spend(reason: SignInFailureReason): Promise<void>;
  /** Moves on from the progress's stage (a first answer is then right); false when another answer moved it first. */
  move(to: Move): Promise<boolean>;
  /** Claims the send of `kind` at `now`; false when another request claimed one since the progress was read. */
  claimSend(kind: keyof SentAt, now: Date): Promise<boolean>;
}

/** A stage as a channel shows it: the kinds it accepts, from the flow (the same for anyone). */
export interface StageView {
  /** From 0. */
  index: number;
  count: number;
  kinds: CredentialType[];
}

export const stageOf = (stages: CredentialType[][], index: number): StageView => ({
  index,
  count: stages.length,
  kinds: stages[index] ?? [],
});

/**
 * Whether the current stage takes an answer of `kind`: recovery on any stage (so that offering
 * it tells nothing), the app also where the stage asks for the app with biometry, which the
 * member's phone approves the same way.
 */
export function offers(progress: Progress, kind: AnsweredKind): boolean {
  const stage = progress.stages[progress.stage] ?? [];
  return kind === 'recovery' || stage.includes(kind) || (kind === 'app' && stage.includes('app_biometry'));
}
