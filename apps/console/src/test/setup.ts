import { LOCALES } from '@portiere/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { loadPhrases } from '../lib/i18n/i18n';
import { recordAnswerMismatches, takeAnswerMismatches } from './answerMismatches';

// The console fetches a language's phrases when a page past sign-in needs them; tests render
// any page and switch freely, so every phrase of both is in before any test renders.
await Promise.all(LOCALES.map(loadPhrases));

// Lazy route chunks are transformed on first use; under a loaded CI machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  takeAnswerMismatches();
  recordAnswerMismatches();
});

// Testing Library only auto-cleans with globals enabled; we import vitest explicitly instead.
afterEach(() => {
  cleanup();
  localStorage.clear();
  const drifted = takeAnswerMismatches();
  if (drifted.length) {
    throw new Error(`Answers that do not match the contract:\n${drifted.map((e) => e.message).join('\n')}`);
  }
});
