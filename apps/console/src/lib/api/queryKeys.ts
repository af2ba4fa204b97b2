import type { QueryClient } from '@tanstack/react-query';

/**
 * The console's areas, named as from table to screen: feature folders, API modules, locale
 * namespaces and the first element of every query key use these names.
 */
export const AREAS = [
  'applications',
  'appRoles',
  'audit',
  'auth',
  'configurations',
  'customers',
  'dashboard',
  'downloads',
  'flows',
  'hardwareTokens',
  'laApps',
  'laFlow',
  'laScripts',
  'laUsers',
  'loginGroups',
  'managerUsers',
  'members',
  'profiles',
  'radiusClients',
  'recovery',
  'roles',
  'settings',
  'temporaryCards',
  'workstation',
  'workstationUsers',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Which other areas show an area's data. A write to an area makes these stale as well: the
 * members list and the member form show configuration names, the workstation users list shows
 * cards and recovery modes, the recovery and card lists show member names; applications show their
 * default flow and app roles count, RADIUS clients their application's name, flows their usage counts, app roles the names of their
 * application, configuration group and flow. In the login assistant, apps show their default
 * profile and login-group count, profiles their app, group and flow, login groups their counts of
 * apps and credentials, credentials their member and login group. A reseller's customers show their manager users
 * count, the dashboard their licences, and the session (auth: me/) which customers have the
 * login assistant, which opens their scripts page. The workstation settings offer the flows; a
 * member's Workstation tab lists the machines holding their offline material. A hardware token shows
 * its holder, and its assignment is a credential of that member (the members area shows it, the
 * dashboard counts it). Features never name
 * another feature's keys; they name the area they write and this table does the rest.
 */
export const SHOWN_IN: Readonly<Record<Area, readonly Area[]>> = {
  applications: ['appRoles', 'flows', 'radiusClients'],
  appRoles: ['applications', 'flows'],
  audit: [],
  auth: [],
  configurations: ['members', 'workstationUsers', 'appRoles', 'profiles'],
  customers: ['dashboard', 'auth'],
  dashboard: [],
  downloads: [],
  flows: ['applications', 'appRoles', 'profiles', 'settings'],
  hardwareTokens: ['members', 'dashboard'],
  laApps: ['profiles', 'loginGroups'],
  laFlow: [],
  laScripts: ['downloads'],
  laUsers: ['loginGroups'],
  loginGroups: ['laApps', 'laUsers'],
  managerUsers: ['customers'],
  members: [
    'configurations',
    'roles',
    'recovery',
    'temporaryCards',
    'workstation',
    'workstationUsers',
    'dashboard',
    'laUsers',
    'hardwareTokens',
  ],
  profiles: ['laApps'],
  radiusClients: [],
  recovery: ['members', 'workstationUsers', 'dashboard'],
  roles: [],
  settings: ['laUsers'],
  temporaryCards: ['workstationUsers'],
  workstation: [],
  workstationUsers: [],
};

/**
 * The base of an area's query-key factory: every key starts with the area name, so
 * invalidating `[area]` reaches all of them. Areas extend it with their own keys.
 */
export function areaKeys<A extends Area>(area: A) {
  return {
    all: [area] as const,
    lists: () => [area, 'list'] as const,
    list: <P extends object>(params: P) => [area, 'list', params] as const,
    details: () => [area, 'detail'] as const,
    detail: (id: string) => [area, 'detail', id] as const,
  };
}

/** The areas a write to `areas` makes stale: themselves and the areas that show their data. */
export function staleAreasAfterWrite(areas: Area | readonly Area[]): Area[] {
  const written: readonly Area[] = typeof areas === 'string' ? [areas] : areas;
  return [...new Set(written.flatMap((a) => [a, ...SHOWN_IN[a]]))];
}

/** Marks every query of the written areas (and of the areas showing their data) stale; active ones refetch. */
export async function invalidateAreas(queryClient: QueryClient, areas: Area | readonly Area[]): Promise<void> {
  await Promise.all(staleAreasAfterWrite(areas).map((a) => queryClient.invalidateQueries({ queryKey: [a] })));
}
