import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/loading/LoadingOverlay';
import { RootLayout } from './RootLayout';
import { APP_ROUTES, type PageId } from './routes';

/** One lazily loaded module (and build chunk) per page. */
const PAGES: Record<PageId, () => Promise<{ default: ComponentType }>> = {
  login: () => import('../features/auth/routes/LoginPage'),
  dashboard: () => import('../features/dashboard/routes/DashboardPage'),
  customers: () => import('../features/customers/routes/CustomersPage'),
  confirmEmail: () => import('../features/managerUsers/routes/ConfirmEmailPage'),
  customerUsers: () => import('../features/managerUsers/routes/ManagerUsersPage'),
  customerScripts: () => import('../features/laScripts/routes/LaScriptsPage'),
  loginGroup: () => import('../features/loginGroups/routes/LoginGroupPage'),
  generalSettings: () => import('../features/settings/routes/GeneralSettingsPage'),
  members: () => import('../features/members/routes/MembersPage'),
  memberDetail: () => import('../features/members/routes/MemberDetailPage'),
  temporaryCards: () => import('../features/temporaryCards/routes/TemporaryCardsPage'),
  recoveryModes: () => import('../features/recovery/routes/RecoveryModesPage'),
  configurations: () => import('../features/configurations/routes/ConfigurationsPage'),
  configurationDetail: () => import('../features/configurations/routes/ConfigurationDetailPage'),
  roles: () => import('../features/roles/routes/RolesPage'),
  roleDetail: () => import('../features/roles/routes/RoleDetailPage'),
  workstationUsers: () => import('../features/workstationUsers/routes/WorkstationUsersPage'),
  audit: () => import('../features/audit/routes/AuditPage'),
  applications: () => import('../features/applications/routes/ApplicationsPage'),
  applicationDetail: () => import('../features/applications/routes/ApplicationDetailPage'),
  flows: () => import('../features/flows/routes/FlowsPage'),
  appRoles: () => import('../features/appRoles/routes/AppRolesPage'),
  laApps: () => import('../features/laApps/routes/LaAppsPage'),
  profiles: () => import('../features/profiles/routes/ProfilesPage'),
  loginGroups: () => import('../features/loginGroups/routes/LoginGroupsPage'),
  laUsers: () => import('../features/laUsers/routes/LaUsersPage'),
  laFlow: () => import('../features/laFlow/routes/LaFlowPage'),
  laSettings: () => import('../features/settings/routes/LaSettingsPage'),
  webSettings: () => import('../features/settings/routes/WebSettingsPage'),
  workstationSettings: () => import('../features/settings/routes/WorkstationSettingsPage'),
  customizations: () => import('../features/settings/routes/CustomizationsPage'),
  mailTemplates: () => import('../features/settings/routes/MailTemplatesPage'),
  downloads: () => import('../features/downloads/routes/DownloadsPage'),
};

const lazyPage = (page: PageId) => async () => ({ Component: (await PAGES[page]()).default });

function Fallback() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
      <Spinner />
    </div>
  );
}

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: Fallback,
    children: [
      ...APP_ROUTES.filter((r) => r.userTypes.length === 0).map((r) => ({ path: r.path, lazy: lazyPage(r.page) })),
      {
        lazy: async () => ({ Component: (await import('./layout/AppLayout')).default }),
        children: APP_ROUTES.filter((r) => r.userTypes.length > 0).map((r) => ({
          path: r.path,
          lazy: lazyPage(r.page),
        })),
      },
      // Unknown paths: the guard sends the user home (or to login).
      { path: '*', element: null },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
