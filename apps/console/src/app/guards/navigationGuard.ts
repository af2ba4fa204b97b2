import type { CustomerAccess, UserType } from '@portiere/contracts';
import { homeFor, matchAppRoute } from '../routes';

export interface GuardInput {
  /** Target pathname. */
  to: string;
  /** True for the first location of a page load (nothing to "move away" from). */
  initial: boolean;
  /** Tokens are stored (the user has not logged out). */
  signedIn: boolean;
  /** User type from the stored access token, if readable. */
  userType: UserType | null;
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
  const { to, initial, signedIn, userType, customers, laEnabled } = input;
  const match = matchAppRoute(to);

  // A mail's link (email confirmation) works in any browser, signed in or not.
  if (match?.route.open) return allow;
  if (match && match.route.userTypes.length === 0) {
    if (!signedIn) return allow;
    if (initial) {
      const home = homeFor(userType);
      return home === to ? allow : redirect(home);
    }
    return { kind: 'confirmLogout' };
  }

  if (!signedIn) return redirect('/');
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
