import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput } from './navigationGuard';

const customer: GuardInput = { to: '/users', initial: false, signedIn: true, userType: 'CustomerUser' };
const reseller: GuardInput = { to: '/customer-view', initial: false, signedIn: true, userType: 'ResellerUser' };
const anonymous: GuardInput = { to: '/users', initial: false, signedIn: false, userType: null };

describe('decideNavigation', () => {
  it('lets a signed-out user open the login page', () => {
    expect(decideNavigation({ ...anonymous, to: '/' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...anonymous, to: '/', initial: true })).toEqual({ kind: 'allow' });
  });

  it('asks to log out when a signed-in user moves to login, cancelling the move', () => {
    expect(decideNavigation({ ...customer, to: '/' })).toEqual({ kind: 'confirmLogout' });
    expect(decideNavigation({ ...reseller, to: '/' })).toEqual({ kind: 'confirmLogout' });
  });

  it('lets the login page stay while the user signs in on it', () => {
    expect(decideNavigation({ ...customer, to: '/', signingIn: true })).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user opening login at first load to their home', () => {
    expect(decideNavigation({ ...customer, to: '/', initial: true })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideNavigation({ ...reseller, to: '/', initial: true })).toEqual({
      kind: 'redirect',
      to: '/customer-view',
    });
  });

  it('lets the login page stay when the stored token has no readable user type', () => {
    expect(decideNavigation({ to: '/', initial: true, signedIn: true, userType: null })).toEqual({ kind: 'allow' });
  });

  it('waits for the refresh when only a refresh token is stored, instead of sending the user to login', () => {
    const refreshOnly: GuardInput = {
      to: '/dashboard',
      initial: true,
      signedIn: true,
      userType: null,
      refreshable: true,
    };
    expect(decideNavigation(refreshOnly)).toEqual({ kind: 'wait' });
    expect(decideNavigation({ ...refreshOnly, initial: false })).toEqual({ kind: 'wait' });
    expect(decideNavigation({ ...refreshOnly, to: '/' })).toEqual({ kind: 'wait' });
    // Once the refresh told who it is, the login page at first load goes on into the console.
    expect(decideNavigation({ ...refreshOnly, to: '/', userType: 'CustomerUser' })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('sends a protected route without token to /', () => {
    expect(decideNavigation(anonymous)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation({ ...anonymous, to: '/customer-view', initial: true })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideNavigation({ ...anonymous, to: '/nowhere' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('allows routes of the stored user type', () => {
    expect(decideNavigation(customer)).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...customer, to: '/general-settings' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...customer, to: '/login-groups/42', laEnabled: true })).toEqual({ kind: 'allow' });
    expect(decideNavigation(reseller)).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...reseller, to: '/customer-view/c1' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...reseller, to: '/dashboard' })).toEqual({ kind: 'allow' });
  });

  it('sends a customer user away from reseller routes to /dashboard', () => {
    expect(decideNavigation({ ...customer, to: '/customer-view' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideNavigation({ ...customer, to: '/customer-view/c1' })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends a reseller user away from customer routes to /customer-view', () => {
    expect(decideNavigation({ ...reseller, to: '/users' })).toEqual({ kind: 'redirect', to: '/customer-view' });
    expect(decideNavigation({ ...reseller, to: '/general-settings' })).toEqual({
      kind: 'redirect',
      to: '/customer-view',
    });
  });

  it('sends anyone else (unknown user type) to /', () => {
    expect(decideNavigation({ ...customer, userType: null })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends unknown paths to the home of the user', () => {
    expect(decideNavigation({ ...customer, to: '/nowhere' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideNavigation({ ...reseller, to: '/nowhere' })).toEqual({ kind: 'redirect', to: '/customer-view' });
  });

  it('opens the email confirmation link signed in or not, at first load or later, without a logout question', () => {
    const to = '/confirm-email/abc123';
    for (const input of [anonymous, customer, reseller]) {
      expect(decideNavigation({ ...input, to })).toEqual({ kind: 'allow' });
      expect(decideNavigation({ ...input, to, initial: true })).toEqual({ kind: 'allow' });
    }
  });

  describe('customer scripts', () => {
    const customers = [
      { id: 'la', name: 'With LA', la_enabled: true },
      { id: 'nola', name: 'Without LA', la_enabled: false },
    ];
    it('waits for the customer list', () => {
      expect(decideNavigation({ ...reseller, to: '/customer-view/script/la' })).toEqual({ kind: 'wait' });
    });
    it('allows a customer with the login assistant enabled', () => {
      expect(decideNavigation({ ...reseller, to: '/customer-view/script/la', customers })).toEqual({ kind: 'allow' });
    });
    it('redirects to /customer-view when the feature is off or the customer unknown', () => {
      expect(decideNavigation({ ...reseller, to: '/customer-view/script/nola', customers })).toEqual({
        kind: 'redirect',
        to: '/customer-view',
      });
      expect(decideNavigation({ ...reseller, to: '/customer-view/script/other', customers })).toEqual({
        kind: 'redirect',
        to: '/customer-view',
      });
    });
    it('still refuses the script page to a customer user', () => {
      expect(decideNavigation({ ...customer, to: '/customer-view/script/la', customers })).toEqual({
        kind: 'redirect',
        to: '/dashboard',
      });
    });
  });

  describe('login assistant pages', () => {
    const pages = [
      '/la-users',
      '/la-flow',
      '/apps',
      '/login-groups',
      '/login-groups/42',
      '/profiles',
      '/login-assistant-settings',
    ];
    it('wait until me/ says whether the customer has the login assistant', () => {
      for (const to of pages) expect(decideNavigation({ ...customer, to })).toEqual({ kind: 'wait' });
    });
    it('open for a customer with the login assistant', () => {
      for (const to of pages) expect(decideNavigation({ ...customer, to, laEnabled: true })).toEqual({ kind: 'allow' });
    });
    it('send a customer without it to /dashboard', () => {
      for (const to of pages)
        expect(decideNavigation({ ...customer, to, laEnabled: false })).toEqual({ kind: 'redirect', to: '/dashboard' });
    });
    it('do not concern the other pages', () => {
      expect(decideNavigation({ ...customer, to: '/general-settings', laEnabled: false })).toEqual({ kind: 'allow' });
    });
  });
});
