import { Notice } from '../../components/Notice';
import type { Dictionary } from '../../lib/i18n/en';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { errorMessage } from '../../lib/messages';
import { isNetworkError, isWrongAnswer } from './outcome';

/** 'Login failed.', with the attempts left once they are few (3 or fewer). */
export function loginFailed(d: Dictionary, attemptsLeft: number): string {
  if (attemptsLeft <= 0 || attemptsLeft > 3) return d.errors.login;
  const left = attemptsLeft === 1 ? d.signin.attemptLeft : fill(d.signin.attemptsLeft, { count: attemptsLeft });
  return `${d.errors.login} ${left}`;
}

/** The message for under the answer's field: a wrong answer, else null (other refusals show apart). */
export function answerError(d: Dictionary, error: unknown, attemptsLeft: number): string | null {
  return isWrongAnswer(error) ? loginFailed(d, attemptsLeft) : null;
}

/**
 * A refusal other than a wrong answer, said where the form is: the server's message in the member's
 * language, and Retry when the server could not be reached.
 */
export function Refusal({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { d } = useI18n();
  if (!error || isWrongAnswer(error)) return null;
  return (
    <>
      <Notice tone="error">{errorMessage(d, error)}</Notice>
      {isNetworkError(error) && onRetry && (
        <div className="actions">
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            {d.common.retry}
          </button>
        </div>
      )}
    </>
  );
}
