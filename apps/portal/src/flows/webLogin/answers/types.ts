import type { SignInFlowApi } from '../useSignIn';

/** What every answer form of a stage gets. */
export interface AnswerProps {
  flow: SignInFlowApi;
  /** Wrong answers left before the interaction is spent (shown when few). */
  attemptsLeft: number;
  /** Focus the first control on arrival (a new stage, a link followed), not when a kind is picked. */
  autoFocus: boolean;
}
