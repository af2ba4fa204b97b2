import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi';
import { SESSION_PATH, session, TOKEN } from '../../test/fixtures';
import { renderAt } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAGES = [
  { code: 'enrollmentLinkExpired', title: 'This link has expired', canAsk: true },
  { code: 'enrollmentLinkUsed', title: 'This link has already been used', canAsk: true },
  { code: 'enrollmentLinkInvalid', title: 'This link is not valid', canAsk: false },
] as const;

describe('a link that no longer works', () => {
  for (const { code, title, canAsk } of PAGES) {
    it(`${code}: says so${canAsk ? ' and asks the operators for a new link' : ', with no request to make'}`, async () => {
      const api = fakeApi({
        [`GET ${SESSION_PATH}`]: () => fail(410, code),
        'POST enroll/request-link/': () => ({ status: 202 }),
      });
      const { user } = renderAt(`/enroll/${TOKEN}`);
      const heading = await screen.findByRole('heading', { level: 1, name: title });
      expect(document.activeElement).toBe(heading);
      const ask = screen.queryByRole('button', { name: 'Ask for a new link' });
      if (!canAsk) {
        expect(ask).toBeNull();
        return;
      }
      await user.click(ask as HTMLElement);
      await screen.findByText('Your request has been sent. Your administrator will mail you a new link.');
      expect(api.of('POST', 'enroll/request-link/').map((c) => c.body)).toEqual([{ token: TOKEN }]);
      expect(screen.queryByRole('button', { name: 'Ask for a new link' })).toBeNull();
    });
  }

  it('reads any other refusal of the link as invalid, and speaks Italian to an Italian browser', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('it-IT');
    fakeApi({ [`GET ${SESSION_PATH}`]: () => fail(400, 'validation') });
    renderAt(`/enroll/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Questo link non è valido' });
    expect(document.documentElement.lang).toBe('it');
  });

  it('becomes the link page when the link is spent meanwhile (another tab finished)', async () => {
    fakeApi({
      [`GET ${SESSION_PATH}`]: () => ok(session()),
      [`POST enroll/${TOKEN}/credentials/`]: () => fail(410, 'enrollmentLinkUsed'),
    });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Set up: Authenticator app' }));
    await screen.findByRole('heading', { name: 'This link has already been used' });
  });

  it('a request that fails says why, and the button stays', async () => {
    fakeApi({
      [`GET ${SESSION_PATH}`]: () => fail(410, 'enrollmentLinkExpired'),
      'POST enroll/request-link/': () => fail(429, 'rateLimited'),
    });
    const { user } = renderAt(`/enroll/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Ask for a new link' }));
    await screen.findByText('Too many requests. Please wait a moment and try again.');
    expect(screen.getByRole('button', { name: 'Ask for a new link' })).toBeTruthy();
  });
});
