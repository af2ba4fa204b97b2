import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, Navigate, useBlocker, useLocation } from 'react-router';
import { openDialog } from '../../components/dialogs/dialogRegistry';
import { LOGOUT_DIALOG } from '../../components/dialogs/LogoutDialog';
import { UNSAVED_CHANGES_DIALOG } from '../../components/dialogs/UnsavedChangesDialog';
import { unsavedChanges } from '../../components/dialogs/unsavedChanges';
import { dispatchFilters } from '../../components/filters/filtersStore';
import { Spinner } from '../../components/loading/LoadingOverlay';
import { resetPaging } from '../../components/table/pagingStore';
import { decodeClaims } from '../../lib/auth/jwt';
import { getTokens, isSignedIn, useTokens } from '../../lib/auth/tokenStorage';
import { meQuery } from '../../lib/session';
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

/** Applies decideNavigation to every location and blocks moves to login while signed in. */
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
      openDialog(UNSAVED_CHANGES_DIALOG, {
        leave: () => {
          unsavedChanges.setState({ dirty: false });
          if (confirmsLogout(blocker.location.pathname)) {
            blocker.reset();
            openDialog(LOGOUT_DIALOG);
          } else blocker.proceed();
        },
        stay: () => blocker.reset(),
      });
      return;
    }
    blocker.reset();
    openDialog(LOGOUT_DIALOG);
  }, [blocker]);

  // Any navigation clears the filters and puts the table back on its first page.
  useEffect(() => {
    if (location.pathname) {
      dispatchFilters({ type: 'clear' });
      resetPaging();
    }
  }, [location.pathname]);

  // Whether the session was already stored when this location was entered: a page load or a
  // reload of the login page (whatever its history entry) rather than signing in on it.
  const arrival = useRef<{ key: string; signedIn: boolean } | null>(null);
  if (arrival.current?.key !== location.key) arrival.current = { key: location.key, signedIn };

  const decision = decideNavigation({
    to: location.pathname,
    initial: arrival.current.signedIn,
    signedIn,
    userType,
    refreshable: Boolean(tokens?.refreshToken),
    customers,
    laEnabled,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
        <Spinner />
      </Box>
    );
  }
  // 'confirmLogout' at render time means we are already on login (the blocker handles moves).
  return children;
}
