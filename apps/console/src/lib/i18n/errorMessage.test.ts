import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/apiError';
import { errorMessage } from './errorMessage';
import { i18n } from './i18n';

const t = () => i18n.t.bind(i18n);
const NO_MAIL = 'No Mail Credential is configured for this user. Please contact your administrator.';

describe('errorMessage', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('maps a reason about a missing OTP mail credential to error.noOtpMail by its content, without a code', async () => {
    for (const reason of [
      'No Mail Credential for this user',
      'user has no OTP mail',
      'Error: no mail credential set',
    ]) {
      expect(errorMessage(t(), new ApiError(422, { reason, code: '' }))).toBe(NO_MAIL);
    }
    await i18n.changeLanguage('it');
    expect(errorMessage(t(), new ApiError(500, { reason: 'No OTP mail configured', code: '' }))).toBe(
      "Nessuna credenziale email è configurata per questo utente. Contatta l'amministratore.",
    );
  });

  it('leaves other reasons about mail alone', () => {
    expect(errorMessage(t(), new ApiError(400, { reason: 'This user has no email address.', code: '' }))).toBe(
      'This user has no email address.',
    );
    expect(errorMessage(t(), new ApiError(502, { reason: 'The mail gateway is down', code: '' }))).toBe(
      'The mail gateway is down',
    );
  });

  it('says the catalogue sentence for mismatching passwords, in English and Italian', async () => {
    const err = new ApiError(400, { reason: 'Passwords are not matching.', code: 'passwordsNotMatching' });
    expect(errorMessage(t(), err)).toBe('Passwords are not matching.');
    await i18n.changeLanguage('it');
    expect(errorMessage(t(), err)).toBe('Le password non corrispondono.');
  });

  it('falls back to the generic sentence without a body', () => {
    expect(errorMessage(t(), new ApiError(0, null))).toBe('An error has occurred');
  });
});
