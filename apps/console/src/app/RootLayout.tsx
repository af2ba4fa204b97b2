import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { feedback } from '../components/feedback/feedbackStore';
import { setSessionEndedHandler } from '../lib/api/tokenRefresh';
import { reloadTokens } from '../lib/auth/tokenStorage';
import { allPhrases } from '../lib/i18n/i18n';
import { queryClient } from '../lib/queryClient';
import { SIGN_IN_FEEDBACK } from '../lib/session';
import { RouteGuard } from './guards/RouteGuard';
import { matchAppRoute } from './routes';
import { useDialogsHostNeeded } from './useDialogsHostNeeded';

const DialogsHost = lazy(async () => (await Promise.all([import('./DialogsHost'), allPhrases()]))[0]);

/** Top of every page: guard, app-wide dialogs, session-end handling and the document title. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setSessionEndedHandler(() => {
      queryClient.clear();
      feedback.push({ type: 'error', message: t('error.sessionExpired'), source: SIGN_IN_FEEDBACK });
      navigate('/', { replace: true });
    });
    // Another tab signing in or out changes what this tab may show.
    const onStorage = () => reloadTokens();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate, t]);

  const hostNeeded = useDialogsHostNeeded();
  const titleKey = matchAppRoute(location.pathname)?.route.titleKey;
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · ${t('common.appName')}` : t('common.appName');
  }, [titleKey, t]);

  return (
    <>
      <RouteGuard>
        <Outlet />
      </RouteGuard>
      {hostNeeded && (
        <Suspense fallback={null}>
          <DialogsHost />
        </Suspense>
      )}
    </>
  );
}
