import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, type Location, Navigate, useBlocker, useLocation } from 'react-router';
import { openDialogWhenRegistered } from '../../components/dialogs/dialogRegistry';
import { UNSAVED_CHANGES_DIALOG, unsavedChanges } from '../../components/dialogs/unsavedChanges';
import { dispatchFilters } from '../../components/filters/filtersStore';
import { PageSpinner } from '../../components/loading/PageSpinner';
import { resetPaging } from '../../components/table/pagingStore';
import { decodeClaims } from '../../lib/auth/jwt';
import { getTokens, isSignedIn, useTokens } from '../../lib/auth/tokenStorage';
import { meQuery } from '../../lib/session';
import { LOGOUT_DIALOG } from '../dialogNames';
import { homeFor, matchAppRoute } from '../routes';
import { decideNavigation } from './navigationGuard';

/** Whether moving to `pathname` now means logging out (asked, and the move cancelled). */
function confirmsLogout(pathname: string): boolean {
  const current = getTokens();
  return (
    decideNavigation({
      to: pathname,
      initial: false,
      signedIn: isSignedIn(current),
      userType: decodeClaims(current?.accessToken)?.user_type ?? null,
    }).kind === 'confirmLogout'
  );
}

/**
 * This page was loaded by Back or Forward (a history entry of an earlier page load): its first
 * location is a move through the history, not the login page opened by its address.
 */
const loadedByHistory = () =>
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'back_forward';

/** Asks whether to log out, at once or, while the app-wide dialogs' chunk loads, once the dialog has registered. */
function askLogout() {
  openDialogWhenRegistered(LOGOUT_DIALOG);
}

/**
 * Applies decideNavigation to every location and blocks moves to login while signed in. A move
 * the blocker cannot stop (a history entry made outside the router, Back into an earlier page
 * load) is put back once it has happened, with the same question.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const tokens = useTokens();
  const signedIn = isSignedIn(tokens);
  const userType = decodeClaims(tokens?.accessToken)?.user_type ?? null;
  const me = useQuery({ ...meQuery(), enabled: signedIn });
  // A failed me/ must not leave a page waiting forever: decide with no customers.
  const customers = me.isError ? [] : me.data?.customers;
  const laEnabled = me.isError ? false : me.data ? Boolean(me.data.customer?.la_enabled) : undefined;

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    // A page with unsaved changes asks before it is left (the logout question comes after).
    return unsavedChanges.getState().dirty || confirmsLogout(nextLocation.pathname);
  }, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (unsavedChanges.getState().dirty) {
      openDialogWhenRegistered(UNSAVED_CHANGES_DIALOG, {
        leave: () => {
          unsavedChanges.setState({ dirty: false });
          if (confirmsLogout(blocker.location.pathname)) {
            blocker.reset();
            askLogout();
          } else blocker.proceed();
        },
        stay: () => blocker.reset(),
      });
      return;
    }
    blocker.reset();
    // The app-wide dialogs may still be loading (a page opened a moment ago): asked once they are.
    askLogout();
  }, [blocker]);

  // Any navigation clears the filters and puts the table back on its first page.
  useEffect(() => {
    if (location.pathname) {
      dispatchFilters({ type: 'clear' });
      resetPaging();
    }
  }, [location.pathname]);

  // How each location was entered: whether the session was already stored (else the user is
  // signing in on it). Keyed by the location object, new at every move (an entry made outside
  // the router has the same key, "default", as a page load's first location), and remembered
  // rather than overwritten, as React may render an earlier location again after a later one
  // (a navigation's render interrupted by an urgent update).
  const [arrivals] = useState(() => new WeakMap<Location, { signedIn: boolean }>());
  let arrival = arrivals.get(location);
  if (!arrival) {
    arrival = { signedIn };
    arrivals.set(location, arrival);
  }
  const firstLocation = useRef<Location | null>(null);
  firstLocation.current ??= location;
  // The last console page shown: where a move to login that got through is put back.
  const lastPage = useRef<string | null>(null);

  const decision = decideNavigation({
    to: location.pathname,
    initial: location === firstLocation.current && arrival.signedIn && !loadedByHistory(),
    signingIn: !arrival.signedIn,
    signedIn,
    userType,
    refreshable: Boolean(tokens?.refreshToken),
    customers,
    laEnabled,
  });
  // At render time, 'confirmLogout' is a move to login the blocker could not stop: back to the
  // last page (or home), and the question.
  const putBack =
    decision.kind === 'confirmLogout' ? (lastPage.current ?? (userType ? homeFor(userType) : null)) : null;
  useEffect(() => {
    if (putBack) askLogout();
  }, [putBack]);
  // Only a page actually shown (a committed render) counts as the last one.
  const shownPage =
    decision.kind === 'allow' && matchAppRoute(location.pathname)?.route.userTypes.length
      ? `${location.pathname}${location.search}${location.hash}`
      : null;
  useEffect(() => {
    if (shownPage) lastPage.current = shownPage;
  }, [shownPage]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (putBack) return <Navigate to={putBack} replace />;
  if (decision.kind === 'wait' || decision.kind === 'confirmLogout') {
    return <PageSpinner />;
  }
  return children;
}
