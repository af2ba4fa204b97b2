import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { setTokens } from '../../../lib/auth/tokenStorage';
import { fakeToken } from '../../../test/fakeToken';
import { customerMe, customerToken, jsonResponse, renderApp } from '../../../test/renderApp';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };

const acme = {
  customer: { id: 'c1', name: 'Acme' },
  users: { total: 204, enrolled: 150, blocked: 7 },
  web_credentials: { mail: 120, totp: 40, sms: 0 },
  workstation_credentials: { password: 90, smartcard: 5 },
  recovery_modes: { active: 3, total: 11 },
  sign_ins: { web: { success: 40, failure: 2 }, workstation: { success: 12, failure: 0 } },
  licenses: { total: 250, used: 204, remaining: 46, expiration: '2030-06-30T00:00:00.000Z' },
};
const globex = {
  ...acme,
  customer: { id: 'c2', name: 'Globex Corp' },
  users: { total: 12, enrolled: 2, blocked: 0 },
  web_credentials: {},
  licenses: { total: 20, used: 12, remaining: 8, expiration: null },
};

// Lazy page chunks (and the charts chunk) are transformed on first use; slow on a loaded machine.
describe('dashboard', { timeout: 30_000 }, () => {
  let answer: unknown = { customers: [acme] };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path.endsWith('/me/')) return jsonResponse(200, customerMe);
    if (path.endsWith('/dashboard/')) return jsonResponse(200, answer);
    return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
  });

  beforeAll(() => {
    // Charts measure their container.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    feedback.reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a customer user the figures of the answer', async () => {
    answer = { customers: [acme] };
    setTokens({ accessToken: customerToken(), refreshToken: 'R1' });
    renderApp('/dashboard');
    expect((await screen.findByTestId('dash-users-total', {}, COLD)).textContent).toBe('204');
    expect(screen.getByTestId('dash-users-enrolled').textContent).toBe('150');
    expect(screen.getByTestId('dash-users-blocked').textContent).toBe('7');
    expect(screen.getByTestId('dash-recovery-active').textContent).toBe('3');
    // Recovery modes are drawn like the other panels: a chart of the active and the ended ones.
    expect(screen.getByTestId('dash-recovery-chart').getAttribute('aria-label')).toBe(
      `3 active, ${acme.recovery_modes.total - 3} ended`,
    );
    expect(screen.getByTestId('dash-licenses-remaining').textContent).toBe('46');
    expect(screen.getByTestId('dash-licenses-text').textContent).toBe('204 of 250 used');
    expect(screen.getByTestId('dash-web-mail').textContent).toBe('120');
    expect(screen.queryByTestId('dash-web-sms')).toBeNull();
    expect(screen.getByTestId('dash-workstation-smartcard').textContent).toBe('5');
    // What the credentials were used for: the sign-ins of the last 30 days per channel.
    expect(screen.getByTestId('dash-workstation-sign-ins-success').textContent).toBe('12');
    expect(screen.getByTestId('dash-web-sign-ins-failure').textContent).toBe('2');
    expect(screen.queryByTestId(/^dash-customer-/)).toBeNull();
  });

  it('shows a reseller the totals across its customers, then one section per customer', async () => {
    answer = {
      customers: [acme, globex],
      totals: { customers: 2, licenses: { total: 270, used: 216, remaining: 54 }, members: 216, credentials: 255 },
    };
    setTokens({
      accessToken: fakeToken({
        user_type: 'ResellerUser',
        reseller_id: 'r1',
        user_username: 'partner@northwind.example',
        exp: Math.floor(Date.now() / 1000) + 900,
      }),
      refreshToken: 'R1',
    });
    renderApp('/dashboard');
    const acmeSection = await screen.findByTestId('dash-customer-acme', {}, COLD);
    const globexSection = screen.getByTestId('dash-customer-globex-corp');
    expect(within(acmeSection).getByTestId('dash-users-total').textContent).toBe('204');
    expect(within(globexSection).getByTestId('dash-users-total').textContent).toBe('12');
    expect(within(globexSection).getByTestId('dash-licenses-remaining').textContent).toBe('8');
    expect(within(globexSection).getByTestId('dash-web-empty')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'All customers' });
    expect(within(totals).getByTestId('dash-totals-customers').textContent).toBe('2');
    expect(within(totals).getByTestId('dash-totals-used').textContent).toBe('216');
    expect(within(totals).getByTestId('dash-totals-remaining').textContent).toBe('54');
    expect(within(totals).getByTestId('dash-totals-total').textContent).toBe('270');
    expect(within(totals).getByTestId('dash-totals-members').textContent).toBe('216');
    expect(within(totals).getByTestId('dash-totals-credentials').textContent).toBe('255');
    // Above the customers' sections.
    expect(totals.compareDocumentPosition(acmeSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
