import {
  configurationSchema,
  flowSchema,
  itemsListSchema,
  laAppSchema,
  MAX_PAGE_SIZE,
  type Profile,
  type ProfileInput,
  type ProfileListQuery,
  pagedListSchema,
  profileSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/**
 * Query keys of the profiles area. The choices (apps, configuration groups, flows) are read under
 * this area: writes to those areas refresh them through SHOWN_IN.
 */
export const profilesKeys = {
  ...areaKeys('profiles'),
  choices: (kind: 'apps' | 'groups' | 'flows') => ['profiles', 'choices', kind] as const,
};

const one = (id: string) => `profiles/${encodeURIComponent(id)}/`;
const ALL = { page_size: MAX_PAGE_SIZE };
export type ProfileQuery = Omit<ProfileListQuery, 'page' | 'page_size'>;

export const profilesQuery = (page: number, pageSize: number, q: ProfileQuery) =>
  queryOptions({
    queryKey: profilesKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('profiles/', { schema: itemsListSchema(profileSchema), query: { page, page_size: pageSize, ...q } }),
    placeholderData: keepPreviousData,
  });

const choices = {
  apps: async () => (await api.get('la-apps/', { schema: itemsListSchema(laAppSchema), query: ALL })).items,
  groups: async () => (await api.get('groups/', { schema: pagedListSchema(configurationSchema), query: ALL })).results,
  flows: async () => (await api.get('flows/', { schema: pagedListSchema(flowSchema), query: ALL })).results,
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
        ? api.patch(one(id), input, { schema: profileSchema })
        : api.post('profiles/', input, { schema: profileSchema }),
    invalidates: 'profiles',
    ...ui,
  });
export const useDeleteProfile = (ui: MutationUi<void, Profile> = {}) =>
  useApiMutation({ mutationFn: (p: Profile) => api.delete(one(p.id)), invalidates: 'profiles', ...ui });
