import type { CustomerAccess, UserType } from '@portiere/contracts';
import { homeFor, matchAppRoute } from '../routes';

export interface GuardInput {
  /** Target pathname. */
  to: string;
  /**
   * The console's first location since the page was loaded by its address (typed, a bookmark, a
   * link from elsewhere) or reloaded, with the session already stored: the login page opened
   * that way goes on into the console. Not a move inside the console, nor Back or Forward.
   */
  initial: boolean;
  /**
   * The session was stored while on this location, entered signed out: signing in on the login
   * page, which then moves on by itself.
   */
  signingIn?: boolean;
  /** Tokens are stored (the user has not logged out). */
  signedIn: boolean;
  /** User type from the stored access token, if readable. */
  userType: UserType | null;
  /**
   * A refresh token is stored: a missing or unreadable access token is replaced by the refresh
   * the next call makes (spec 4), so the user type is known once me/ has answered.
   */
  refreshable?: boolean;
  /** Reseller's customers from me/; undefined while not loaded yet. */
  customers?: readonly CustomerAccess[];
  /** A customer user's customer has the login assistant (me/ customer.la_enabled); undefined while not loaded. */
  laEnabled?: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Cancel the move and ask whether to log out. */
  | { kind: 'confirmLogout' }
  /** Data needed to decide is still loading. */
  | { kind: 'wait' };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Navigation rules of spec section 4, free of React so every branch is unit-tested. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { to, initial, signingIn, signedIn, userType, customers, laEnabled, refreshable } = input;
  const match = matchAppRoute(to);
  // Signed in with only a refresh token: who the user is comes with the refresh, so wait for it.
  const typePending = signedIn && !userType && Boolean(refreshable);

  // A mail's link (email confirmation) works in any browser, signed in or not.
  if (match?.route.open) return allow;
  if (match && match.route.userTypes.length === 0) {
    if (!signedIn) return allow;
    if (initial) {
      if (typePending) return { kind: 'wait' };
      const home = homeFor(userType);
      return home === to ? allow : redirect(home);
    }
    if (signingIn) return allow;
    return { kind: 'confirmLogout' };
  }

  if (!signedIn) return redirect('/');
  if (typePending) return { kind: 'wait' };
  if (!match) return redirect(homeFor(userType));
  if (!userType || !match.route.userTypes.includes(userType)) return redirect(homeFor(userType));

  if (match.route.page === 'customerScripts') {
    if (!customers) return { kind: 'wait' };
    const customer = customers.find((c) => c.id === match.params.id);
    if (!customer?.la_enabled) return redirect('/customer-view');
  }
  // The login assistant's pages only for customers that have it.
  if (match.route.la) {
    if (laEnabled === undefined) return { kind: 'wait' };
    if (!laEnabled) return redirect(homeFor(userType));
  }
  return allow;
}
