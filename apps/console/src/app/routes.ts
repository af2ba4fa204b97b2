import type { UserType } from '@portiere/contracts';
import { matchPath } from 'react-router';
import { homeFor } from '../lib/auth/home';
import type { TranslationKey } from '../lib/i18n/keys';

export { homeFor };

/**
 * The one route table (spec section 2): path, title key, menu placement, who may open it.
 * The router, the guard, the menu and the top bar all read it.
 */
export type MenuGroupId = 'users' | 'integrations' | 'workstation' | 'loginAssistant' | 'settings';

export interface AppRoute {
  path: string;
  /** Translation key of the page title. */
  titleKey: TranslationKey;
  /** Empty for public pages (login). */
  userTypes: readonly UserType[];
  /**
   * A public page opened from a link in a mail (email confirmation): shown whether signed in or
   * not, and leaving for it is no logout.
   */
  open?: true;
  /** Menu placement: a group, or 'top' for a first-level entry; absent = not in the menu. */
  menu?: { group: MenuGroupId | 'top'; labelKey?: TranslationKey; icon?: string };
  hideHeader?: boolean;
  /** Only for customers with the login assistant (me/ customer.la_enabled): hidden from the menu otherwise. */
  la?: true;
  /** Module of the page; a separate chunk per page. */
  page: PageId;
}

export type PageId =
  | 'login'
  | 'confirmEmail'
  | 'dashboard'
  | 'customers'
  | 'customerUsers'
  | 'customerScripts'
  | 'loginGroup'
  | 'generalSettings'
  | 'members'
  | 'memberDetail'
  | 'temporaryCards'
  | 'hardwareTokens'
  | 'recoveryModes'
  | 'configurations'
  | 'configurationDetail'
  | 'roles'
  | 'roleDetail'
  | 'workstationUsers'
  | 'workstationKeys'
  | 'audit'
  | 'applications'
  | 'applicationDetail'
  | 'flows'
  | 'appRoles'
  | 'radiusClients'
  | 'laApps'
  | 'profiles'
  | 'loginGroups'
  | 'laUsers'
  | 'laFlow'
  | 'laSettings'
  | 'webSettings'
  | 'workstationSettings'
  | 'customizations'
  | 'mailTemplates'
  | 'downloads';

const C: readonly UserType[] = ['CustomerUser'];
const R: readonly UserType[] = ['ResellerUser'];
const BOTH: readonly UserType[] = ['CustomerUser', 'ResellerUser'];

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', titleKey: 'routes.login', userTypes: [], page: 'login' },
  { path: '/confirm-email/:token', titleKey: 'routes.confirmEmail', userTypes: [], open: true, page: 'confirmEmail' },
  { path: '/dashboard', titleKey: 'routes.dashboard', userTypes: BOTH, menu: { group: 'top' }, page: 'dashboard' },
  { path: '/customer-view', titleKey: 'routes.customers', userTypes: R, menu: { group: 'top' }, page: 'customers' },
  {
    path: '/customer-view/script/:id',
    titleKey: 'routes.customerScripts',
    userTypes: R,
    page: 'customerScripts',
  },
  {
    path: '/customer-view/:id',
    titleKey: 'routes.userManagement',
    userTypes: R,
    hideHeader: true,
    page: 'customerUsers',
  },
  // The audit trail: a reseller's own first-level entry beside Customers, a customer's under Settings.
  { path: '/audit', titleKey: 'routes.audit', userTypes: R, menu: { group: 'top' }, page: 'audit' },
  { path: '/users', titleKey: 'routes.members', userTypes: C, menu: { group: 'users' }, page: 'members' },
  { path: '/users/:id', titleKey: 'routes.members', userTypes: C, page: 'memberDetail' },
  {
    path: '/groups',
    titleKey: 'routes.configurations',
    userTypes: C,
    menu: { group: 'users' },
    page: 'configurations',
  },
  {
    path: '/groups/:id',
    titleKey: 'routes.configurations',
    userTypes: C,
    hideHeader: true,
    page: 'configurationDetail',
  },
  { path: '/roles', titleKey: 'routes.roles', userTypes: C, menu: { group: 'users' }, page: 'roles' },
  { path: '/roles/:id', titleKey: 'routes.roles', userTypes: C, hideHeader: true, page: 'roleDetail' },
  {
    path: '/applications',
    titleKey: 'routes.applications',
    userTypes: C,
    menu: { group: 'integrations' },
    page: 'applications',
  },
  {
    path: '/applications/:id',
    titleKey: 'routes.applications',
    userTypes: C,
    hideHeader: true,
    page: 'applicationDetail',
  },
  { path: '/flows', titleKey: 'routes.flows', userTypes: C, menu: { group: 'integrations' }, page: 'flows' },
  {
    path: '/appRoles',
    titleKey: 'routes.profiles',
    userTypes: C,
    menu: { group: 'integrations' },
    page: 'appRoles',
  },
  {
    path: '/radius-clients',
    titleKey: 'routes.radiusClients',
    userTypes: C,
    menu: { group: 'integrations' },
    page: 'radiusClients',
  },
  {
    path: '/workstation-users',
    titleKey: 'routes.users',
    userTypes: C,
    menu: { group: 'workstation' },
    page: 'workstationUsers',
  },
  {
    path: '/recovery-mode',
    titleKey: 'routes.recoveryModes',
    userTypes: C,
    menu: { group: 'workstation' },
    page: 'recoveryModes',
  },
  {
    path: '/temporary-cards',
    titleKey: 'routes.temporaryCards',
    userTypes: C,
    menu: { group: 'workstation' },
    page: 'temporaryCards',
  },
  {
    path: '/hardware-tokens',
    titleKey: 'routes.hardwareTokens',
    userTypes: C,
    menu: { group: 'workstation' },
    page: 'hardwareTokens',
  },
  {
    path: '/workstation-keys',
    titleKey: 'routes.workstationKeys',
    userTypes: C,
    menu: { group: 'workstation' },
    page: 'workstationKeys',
  },
  {
    path: '/la-users',
    titleKey: 'routes.users',
    userTypes: C,
    menu: { group: 'loginAssistant' },
    la: true,
    page: 'laUsers',
  },
  {
    path: '/la-flow',
    titleKey: 'routes.flows',
    userTypes: C,
    menu: { group: 'loginAssistant' },
    la: true,
    page: 'laFlow',
  },
  {
    path: '/apps',
    titleKey: 'routes.applications',
    userTypes: C,
    menu: { group: 'loginAssistant', labelKey: 'menu.items.apps' },
    la: true,
    page: 'laApps',
  },
  {
    path: '/login-groups',
    titleKey: 'routes.loginGroups',
    userTypes: C,
    menu: { group: 'loginAssistant' },
    la: true,
    page: 'loginGroups',
  },
  {
    path: '/login-groups/:id',
    titleKey: 'routes.loginGroups',
    userTypes: C,
    hideHeader: true,
    la: true,
    page: 'loginGroup',
  },
  {
    path: '/profiles',
    titleKey: 'routes.profiles',
    userTypes: C,
    menu: { group: 'loginAssistant' },
    la: true,
    page: 'profiles',
  },
  {
    path: '/general-settings',
    titleKey: 'routes.general',
    userTypes: C,
    menu: { group: 'settings' },
    page: 'generalSettings',
  },
  {
    path: '/weblogin-settings',
    titleKey: 'routes.web',
    userTypes: C,
    menu: { group: 'settings' },
    page: 'webSettings',
  },
  {
    path: '/workstation-settings',
    titleKey: 'routes.workstation',
    userTypes: C,
    menu: { group: 'settings' },
    page: 'workstationSettings',
  },
  {
    path: '/login-assistant-settings',
    titleKey: 'routes.loginAssistant',
    userTypes: C,
    menu: { group: 'settings' },
    la: true,
    page: 'laSettings',
  },
  {
    path: '/customizations',
    titleKey: 'routes.customizations',
    userTypes: C,
    menu: { group: 'settings' },
    page: 'customizations',
  },
  {
    path: '/mail-templates',
    titleKey: 'routes.mailTemplates',
    userTypes: C,
    menu: { group: 'settings' },
    page: 'mailTemplates',
  },
  { path: '/settings/audit', titleKey: 'routes.audit', userTypes: C, menu: { group: 'settings' }, page: 'audit' },
  // Spec 2 names a Downloads page without its path: a first-level /downloads, like /dashboard,
  // because what it offers (clients for the computers, login-assistant scripts) belongs to no
  // one menu group, and customer users only, as the files are their customer's.
  { path: '/downloads', titleKey: 'routes.downloads', userTypes: C, menu: { group: 'top' }, page: 'downloads' },
];

/** Menu groups in display order, with their label keys. */
export const MENU_GROUPS: readonly { id: MenuGroupId; labelKey: TranslationKey }[] = [
  { id: 'users', labelKey: 'menu.groups.users' },
  { id: 'integrations', labelKey: 'menu.groups.integrations' },
  { id: 'workstation', labelKey: 'menu.groups.workstation' },
  { id: 'loginAssistant', labelKey: 'menu.groups.loginAssistant' },
  { id: 'settings', labelKey: 'menu.groups.settings' },
];

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

/** The table entry for a pathname (static segments win over parameters, as in the router). */
export function matchAppRoute(pathname: string): RouteMatch | null {
  for (const route of APP_ROUTES) {
    const m = matchPath({ path: route.path, end: true }, pathname);
    if (m) return { route, params: m.params };
  }
  return null;
}

/**
 * Menu entries visible to a user type, grouped. The login assistant's entries only when the
 * signed-in customer has it (`laEnabled`; false while not known, so they never flash in).
 */
export function menuFor(userType: UserType | null | undefined, laEnabled = false) {
  const visible = APP_ROUTES.filter(
    (r) => r.menu && userType && r.userTypes.includes(userType) && (!r.la || laEnabled),
  );
  const top = visible.filter((r) => r.menu?.group === 'top');
  const groups = MENU_GROUPS.map((g) => ({ ...g, items: visible.filter((r) => r.menu?.group === g.id) })).filter(
    (g) => g.items.length > 0,
  );
  return { top, groups };
}

export function groupOf(pathname: string): MenuGroupId | null {
  const group = matchAppRoute(pathname)?.route.menu?.group;
  return group && group !== 'top' ? group : null;
}
