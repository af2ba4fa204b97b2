import { type AnswerMismatchError, onAnswerMismatch } from '../lib/api/client';

/**
 * Answers that did not match their contract during the current test. The setup fails a test
 * that saw one: a fixture or a console call that drifted from the contract is a failing test,
 * even when the screen under test does not show the drifted data.
 */
export const answerMismatches: AnswerMismatchError[] = [];

export function recordAnswerMismatches(): void {
  onAnswerMismatch((err) => answerMismatches.push(err));
}

/** For tests that provoke a mismatch on purpose: answers and forgets the ones seen so far. */
export function takeAnswerMismatches(): AnswerMismatchError[] {
  return answerMismatches.splice(0);
}
