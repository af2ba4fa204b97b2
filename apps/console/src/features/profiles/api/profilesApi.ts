import {
  configurationSchema,
  flowSchema,
  itemsListSchema,
  laAppSchema,
  MAX_PAGE_SIZE,
  type Profile,
  type ProfileInput,
  pagedListSchema,
  profileSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/**
 * Query keys of the profiles area. The choices (apps, configuration groups, flows) are read under
 * this area: writes to those areas refresh them through SHOWN_IN.
 */
export const profilesKeys = {
  ...areaKeys('profiles'),
  choices: (kind: 'apps' | 'groups' | 'flows') => ['profiles', 'choices', kind] as const,
};

const ALL = { page_size: MAX_PAGE_SIZE };
export type ProfileQuery = Omit<QueryOf<'/api/v1/profiles/'>, 'page' | 'page_size'>;

export const profilesQuery = (page: number, pageSize: number, q: ProfileQuery) =>
  queryOptions({
    queryKey: profilesKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/profiles/', {
        params: { query: { page, page_size: pageSize, ...q } },
        schema: itemsListSchema(profileSchema),
      }),
    placeholderData: keepPreviousData,
  });

const choices = {
  apps: async () =>
    (await api.get('/api/v1/la-apps/', { params: { query: ALL }, schema: itemsListSchema(laAppSchema) })).items,
  groups: async () =>
    (await api.get('/api/v1/groups/', { params: { query: ALL }, schema: pagedListSchema(configurationSchema) }))
      .results,
  flows: async () =>
    (await api.get('/api/v1/flows/', { params: { query: ALL }, schema: pagedListSchema(flowSchema) })).results,
};

/** Id and name of every app, configuration group and flow of the customer. */
export const useProfileChoices = (kind: keyof typeof choices) =>
  useQuery({
    queryKey: profilesKeys.choices(kind),
    queryFn: async () => (await choices[kind]()).map((r) => ({ id: r.id, name: r.name })),
    staleTime: 60_000,
  });

export const useProfiles = (page: number, pageSize: number, q: ProfileQuery) =>
  useQuery(profilesQuery(page, pageSize, q));

/** Create (no id) or update a profile. */
export interface SaveProfile {
  id?: string;
  input: ProfileInput;
}
export const useSaveProfile = (ui: MutationUi<Profile, SaveProfile> = {}) =>
  useApiMutation({
    mutationFn: ({ id, input }: SaveProfile) =>
      id
        ? api.patch('/api/v1/profiles/{id}/', { params: { path: { id } }, body: input, schema: profileSchema })
        : api.post('/api/v1/profiles/', { body: input, schema: profileSchema }),
    invalidates: 'profiles',
    ...ui,
  });
export const useDeleteProfile = (ui: MutationUi<void, Profile> = {}) =>
  useApiMutation({
    mutationFn: (p: Profile) => api.delete('/api/v1/profiles/{id}/', { params: { path: { id: p.id } } }),
    invalidates: 'profiles',
    ...ui,
  });
