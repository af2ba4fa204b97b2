import { fieldError } from '@portiere/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/apiError';
import { i18n } from '../../lib/i18n/i18n';
import { reportApiError, serverFieldErrors } from './errorFeedback';
import { feedback } from './feedbackStore';

const messages = () => feedback.store.getState().list.map((f) => `${f.type}: ${f.message}`);

/** A 400 the way the server refuses a PIN: a catalogue code and per-field keys with params. */
const refusedPin = () =>
  new ApiError(400, {
    reason: 'The credential data is not valid.',
    code: 'credentialInvalidInput',
    details: { value: fieldError('minLength', { min: 4 }) },
  });

describe('the error-to-feedback handler', () => {
  beforeEach(async () => {
    feedback.reset();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('pushes the code in the user language and answers it', async () => {
    const t = i18n.t.bind(i18n);
    expect(reportApiError(t, refusedPin())).toBe('The credential data is not valid.');
    await i18n.changeLanguage('it');
    expect(reportApiError(i18n.t.bind(i18n), refusedPin())).toBe('I dati della credenziale non sono validi.');
    expect(messages()).toEqual([
      'error: The credential data is not valid.',
      'error: I dati della credenziale non sono validi.',
    ]);
  });

  it('translates field errors by their key and params, not the English message', async () => {
    await i18n.changeLanguage('it');
    const onFieldErrors = vi.fn();
    reportApiError(i18n.t.bind(i18n), refusedPin(), { onFieldErrors });
    expect(onFieldErrors).toHaveBeenCalledWith({ value: 'Deve contenere almeno 4 caratteri.' });
  });

  it('puts a conflict under its field with the conflict message, and codes that name a field', () => {
    const t = i18n.t.bind(i18n);
    const taken = new ApiError(409, {
      reason: 'This name is already used.',
      code: 'nameExists',
      details: { name: { key: 'invalid', message: 'This name is already used.' } },
    });
    expect(serverFieldErrors(t, taken)).toEqual({ name: 'This name is already used.' });
    const noDetails = new ApiError(409, { reason: 'Username already exists.', code: 'usernameExists' });
    expect(serverFieldErrors(t, noDetails, { usernameExists: 'username' })).toEqual({
      username: 'Username already exists.',
    });
    expect(serverFieldErrors(t, new Error('network'))).toEqual({});
  });

  it('lets a screen choose the message, or show it itself', () => {
    const t = i18n.t.bind(i18n);
    expect(reportApiError(t, refusedPin(), { message: (t) => t('error.savingSettings') })).toBe(
      'Error while saving settings.',
    );
    expect(reportApiError(t, refusedPin(), { notify: false })).toBe('The credential data is not valid.');
    expect(messages()).toEqual(['error: Error while saving settings.']);
  });

  it('falls back to the server reason for an unknown code, and to the generic sentence', () => {
    const t = i18n.t.bind(i18n);
    expect(reportApiError(t, new ApiError(418, { reason: 'I am a teapot.', code: 'teapot' }))).toBe('I am a teapot.');
    expect(reportApiError(t, new Error('boom'))).toBe('An error has occurred');
  });
});
