import {
  applicationSchema,
  pagedListSchema,
  type RadiusClient,
  type RadiusClientWithSecret,
  radiusClientListSchema,
  radiusClientSchema,
  radiusClientWithSecretSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type BodyOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type RadiusClientCreate = BodyOf<'/api/v1/radius-clients/', 'post'>;

/** Query keys of the RADIUS clients area; the RADIUS applications to choose from are read under it. */
export const radiusClientsKeys = {
  ...areaKeys('radiusClients'),
  applications: () => ['radiusClients', 'applications'] as const,
};

export const radiusClientsQuery = (page: number, pageSize: number, search: string) =>
  queryOptions({
    queryKey: radiusClientsKeys.list({ page, pageSize, search }),
    queryFn: () =>
      api.get('/api/v1/radius-clients/', {
        params: { query: { page, page_size: pageSize, ...(search ? { search } : {}) } },
        schema: radiusClientListSchema,
      }),
    placeholderData: keepPreviousData,
  });

/** The customer's applications of type RADIUS (a client names one of them). */
export const radiusApplicationsQuery = () =>
  queryOptions({
    queryKey: radiusClientsKeys.applications(),
    queryFn: async () =>
      (
        await api.get('/api/v1/applications/', {
          params: { query: { type: ['radius'], page_size: 500 } },
          schema: pagedListSchema(applicationSchema),
        })
      ).results.map((a) => ({ id: a.id, name: a.name })),
    staleTime: 60_000,
  });

export const useRadiusClients = (page: number, pageSize: number, search: string) =>
  useQuery(radiusClientsQuery(page, pageSize, search));
export const useRadiusApplications = () => useQuery(radiusApplicationsQuery());

/** Register (no id: the answer holds the secret, shown once) or change a RADIUS client (the form sends every field). */
export interface SaveRadiusClient {
  id?: string;
  body: RadiusClientCreate;
}
export const useSaveRadiusClient = (ui: MutationUi<RadiusClient | RadiusClientWithSecret, SaveRadiusClient> = {}) =>
  useApiMutation({
    mutationFn: (s: SaveRadiusClient) =>
      s.id
        ? api.patch('/api/v1/radius-clients/{id}/', {
            params: { path: { id: s.id } },
            body: s.body,
            schema: radiusClientSchema,
          })
        : api.post('/api/v1/radius-clients/', { body: s.body, schema: radiusClientWithSecretSchema }),
    invalidates: 'radiusClients',
    // A creation's answer holds the shared secret.
    secret: true,
    ...ui,
  });
export const useRenewRadiusSecret = (ui: MutationUi<RadiusClientWithSecret, RadiusClient> = {}) =>
  useApiMutation({
    mutationFn: (c: RadiusClient) =>
      api.post('/api/v1/radius-clients/{id}/secret/', {
        params: { path: { id: c.id } },
        schema: radiusClientWithSecretSchema,
      }),
    invalidates: 'radiusClients',
    secret: true,
    ...ui,
  });
export const useDeleteRadiusClient = (ui: MutationUi<void, RadiusClient> = {}) =>
  useApiMutation({
    mutationFn: (c: RadiusClient) => api.delete('/api/v1/radius-clients/{id}/', { params: { path: { id: c.id } } }),
    invalidates: 'radiusClients',
    ...ui,
  });
