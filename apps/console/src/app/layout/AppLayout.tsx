import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useClaims } from '../../lib/auth/tokenStorage';
import { meQuery } from '../../lib/session';
import { matchAppRoute } from '../routes';
import { SignedInProviders } from '../signedInProviders';
import { FiltersDrawer } from './FiltersDrawer';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

/** Signed-in pages: menu on the left, top bar (unless the route hides it), filters drawer on the right. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const claims = useClaims();
  const me = useQuery({ ...meQuery(), enabled: Boolean(claims) });
  const route = matchAppRoute(pathname)?.route;
  const username = me.data?.username ?? claims?.user_username ?? '';
  return (
    <SignedInProviders>
      <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
        <SideMenu userType={claims?.user_type ?? null} laEnabled={Boolean(me.data?.customer?.la_enabled)} />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {route && !route.hideHeader && <TopBar title={t(route.titleKey)} username={username} />}
          <Box component="main" sx={{ flex: 1, p: 3 }}>
            <Outlet />
          </Box>
        </Box>
        <FiltersDrawer />
      </Box>
    </SignedInProviders>
  );
}

export default AppLayout;
