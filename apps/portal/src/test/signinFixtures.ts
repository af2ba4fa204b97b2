/** The web sign-in's answers as the server sends them, each parsed with its contract schema. */
import {
  type SignInSent,
  type SignInStage,
  type SignInState,
  type SignInStepResult,
  signInSentSchema,
  signInStageSchema,
  signInStateSchema,
  signInStepResultSchema,
} from '@portiere/contracts';
import { CUSTOMER_ID } from './fixtures';

export const UID = 'k3Jd9Qx_2mZ-uid';
export const SIGNIN = `signin/${UID}/`;
export const RESUME = `http://localhost/oidc/auth/${UID}`;

export function stage(over: Partial<SignInStage> = {}): SignInStage {
  return signInStageSchema.parse({ index: 0, count: 2, kinds: ['password'], ...over });
}

export function signInState(over: Partial<SignInState> = {}): SignInState {
  return signInStateSchema.parse({
    customer_id: CUSTOMER_ID,
    language: 'en',
    application: { name: 'Shop' },
    username_text: 'email',
    step: 'identify',
    username: null,
    stage: null,
    attempts_left: 5,
    expires_in: 600,
    ...over,
  });
}

/** The state once the member said who they are: at `at`. */
export const atStage = (at: SignInStage, over: Partial<SignInState> = {}) =>
  signInState({ step: 'stage', username: 'eva@acme.example', stage: at, ...over });

export const sent = (over: Partial<SignInSent> = {}): SignInSent =>
  signInSentSchema.parse({ sent_to: 'e***@acme.example', resend_in: 60, number: null, ...over });

export const next = (at: SignInStage): SignInStepResult =>
  signInStepResultSchema.parse({ done: false, pending: false, stage: at });
export const pending = (): SignInStepResult => signInStepResultSchema.parse({ done: false, pending: true });
export const done = (redirect = RESUME): SignInStepResult => signInStepResultSchema.parse({ done: true, redirect });
