import {
  itemsListSchema,
  type LaApp,
  type LaAppInput,
  type LaAppPatch,
  laAppSchema,
  MAX_PAGE_SIZE,
  profileSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the login assistant's apps; an app's profiles (the default-profile choice) are read here too. */
export const laAppsKeys = {
  ...areaKeys('laApps'),
  profilesOf: (appId: string) => ['laApps', 'profilesOf', appId] as const,
};

export type LaAppQuery = Omit<QueryOf<'/api/v1/la-apps/'>, 'page' | 'page_size'>;

export const laAppsQuery = (page: number, pageSize: number, q: LaAppQuery) =>
  queryOptions({
    queryKey: laAppsKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/la-apps/', {
        params: { query: { page, page_size: pageSize, ...q } },
        schema: itemsListSchema(laAppSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const useLaApps = (page: number, pageSize: number, q: LaAppQuery) => useQuery(laAppsQuery(page, pageSize, q));

/** Id and display name of an app's profiles: the choices of its default profile. */
export const useAppProfiles = (appId: string | undefined) =>
  useQuery({
    queryKey: laAppsKeys.profilesOf(appId ?? ''),
    queryFn: async () =>
      (
        await api.get('/api/v1/profiles/', {
          params: { query: { app_id: appId, page_size: MAX_PAGE_SIZE } },
          schema: itemsListSchema(profileSchema),
        })
      ).items.map((p) => ({ id: p.id, name: p.displayName })),
    enabled: Boolean(appId),
  });

/** Create (no id) or update an app; an update sends only what changed. */
export type SaveLaApp = { id?: undefined; input: LaAppInput } | { id: string; input: LaAppPatch };
export const useSaveLaApp = (ui: MutationUi<LaApp, SaveLaApp> = {}) =>
  useApiMutation({
    mutationFn: (save: SaveLaApp) =>
      save.id !== undefined
        ? api.patch('/api/v1/la-apps/{id}/', {
            params: { path: { id: save.id } },
            body: save.input,
            schema: laAppSchema,
          })
        : api.post('/api/v1/la-apps/', { body: save.input, schema: laAppSchema }),
    invalidates: 'laApps',
    ...ui,
  });
export const useDeleteLaApp = (ui: MutationUi<void, LaApp> = {}) =>
  useApiMutation({
    mutationFn: (a: LaApp) => api.delete('/api/v1/la-apps/{id}/', { params: { path: { id: a.id } } }),
    invalidates: 'laApps',
    ...ui,
  });
