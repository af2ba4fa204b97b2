import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/loading/PageSpinner';
import LoginPage from '../features/auth/routes/LoginPage';
import { allPhrases } from '../lib/i18n/i18n';
import { RootLayout } from './RootLayout';
import { APP_ROUTES, type AppRoute, type PageId } from './routes';

/**
 * The sign-in page, where every session starts, comes with the first chunk: the browser fetches
 * it with the entry (modulepreload) and paints it without waiting for a route chunk. It is drawn
 * without MUI, so that chunk holds neither MUI nor any other page (issue 35).
 */
const EAGER_PAGES = { login: LoginPage } satisfies { [P in PageId]?: ComponentType };

/** One lazily loaded module (and build chunk) per other page. */
const PAGES: Record<Exclude<PageId, keyof typeof EAGER_PAGES>, () => Promise<{ default: ComponentType }>> = {
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
  hardwareTokens: () => import('../features/hardwareTokens/routes/HardwareTokensPage'),
  recoveryModes: () => import('../features/recovery/routes/RecoveryModesPage'),
  configurations: () => import('../features/configurations/routes/ConfigurationsPage'),
  configurationDetail: () => import('../features/configurations/routes/ConfigurationDetailPage'),
  roles: () => import('../features/roles/routes/RolesPage'),
  roleDetail: () => import('../features/roles/routes/RoleDetailPage'),
  workstationUsers: () => import('../features/workstationUsers/routes/WorkstationUsersPage'),
  workstationKeys: () => import('../features/workstation/routes/WorkstationKeysPage'),
  audit: () => import('../features/audit/routes/AuditPage'),
  applications: () => import('../features/applications/routes/ApplicationsPage'),
  applicationDetail: () => import('../features/applications/routes/ApplicationDetailPage'),
  flows: () => import('../features/flows/routes/FlowsPage'),
  appRoles: () => import('../features/appRoles/routes/AppRolesPage'),
  radiusClients: () => import('../features/radiusClients/routes/RadiusClientsPage'),
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

function pageRoute({ path, page }: AppRoute): RouteObject {
  if (page in EAGER_PAGES) return { path, Component: EAGER_PAGES[page as keyof typeof EAGER_PAGES] };
  const load = PAGES[page as keyof typeof PAGES];
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: PageSpinner,
    children: [
      ...APP_ROUTES.filter((r) => r.page in EAGER_PAGES).map(pageRoute),
      {
        // MUI's theme for every other page, with its own chunk, every phrase of the language, and
        // the app-wide dialogs (RootLayout mounts them), which pages open by name: in before any
        // page shows.
        lazy: async () => {
          const [layout] = await Promise.all([import('./MuiLayout'), allPhrases(), import('./DialogsHost')]);
          return { Component: layout.default };
        },
        children: [
          ...APP_ROUTES.filter((r) => r.userTypes.length === 0 && !(r.page in EAGER_PAGES)).map(pageRoute),
          {
            lazy: async () => ({ Component: (await import('./layout/AppLayout')).default }),
            children: APP_ROUTES.filter((r) => r.userTypes.length > 0).map(pageRoute),
          },
        ],
      },
      // Unknown paths: the guard sends the user home (or to login).
      { path: '*', element: null },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
