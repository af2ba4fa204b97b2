import { useState } from 'react';
import { useLocation } from 'react-router';
import { feedback } from '../components/feedback/feedbackStore';
import { loading } from '../components/loading/loadingStore';
import { isSignedIn, useTokens } from '../lib/auth/tokenStorage';
import { useStore } from '../lib/store';
import { matchAppRoute } from './routes';

/**
 * Whether the app-wide dialogs (DialogsHost, with MUI) must be mounted: everywhere but on the
 * sign-in page of a signed-out user, and there as soon as something is to be shown (a failed
 * sign-in's message, the loading overlay). Once true it stays true, so the dialogs, once
 * registered, stay so. On the sign-in page nothing opens a dialog by name while signed out:
 * the logout question needs a session, and it waits for its dialog to register (RouteGuard).
 */
export function useDialogsHostNeeded(): boolean {
  const { pathname } = useLocation();
  const signedIn = isSignedIn(useTokens());
  const shown = useStore(feedback.store, (s) => s.list.length > 0 || s.title !== null);
  const busy = useStore(loading.store, (s) => s.loading);
  const onSignInPage = matchAppRoute(pathname)?.route.page === 'login';
  const now = signedIn || !onSignInPage || shown || busy;
  const [needed, setNeeded] = useState(now);
  if (now && !needed) setNeeded(true);
  return needed || now;
}
