import {
  type Application,
  type ApplicationInput,
  type ApplicationWithSecret,
  applicationSchema,
  applicationWithSecretSchema,
  flowSchema,
  pagedListSchema,
  type SamlMetadata,
  type SamlMetadataFetch,
  samlMetadataSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the applications area. */
export const applicationsKeys = {
  ...areaKeys('applications'),
  options: () => ['applications', 'options'] as const,
  flowOptions: () => ['applications', 'flowOptions'] as const,
};

/** The list's filters (applications/: search, type as a list of types). */
export type ApplicationQuery = Omit<QueryOf<'/api/v1/applications/'>, 'page' | 'page_size'>;

const list = pagedListSchema(applicationSchema);

export const applicationsQuery = (page: number, pageSize: number, q: ApplicationQuery) =>
  queryOptions({
    queryKey: applicationsKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/applications/', { params: { query: { page, page_size: pageSize, ...q } }, schema: list }),
    placeholderData: keepPreviousData,
  });
export const applicationQuery = (id: string) =>
  queryOptions({
    queryKey: applicationsKeys.detail(id),
    queryFn: () => api.get('/api/v1/applications/{id}/', { params: { path: { id } }, schema: applicationSchema }),
  });
/** Every application of the customer, for the base application choice. */
export const applicationOptionsQuery = () =>
  queryOptions({
    queryKey: applicationsKeys.options(),
    queryFn: () => api.get('/api/v1/applications/', { params: { query: { page_size: 500 } }, schema: list }),
    staleTime: 60_000,
  });
/** Every flow, for the default flow choice (kept under this area: flows writes refresh it via SHOWN_IN). */
export const flowOptionsQuery = () =>
  queryOptions({
    queryKey: applicationsKeys.flowOptions(),
    queryFn: () =>
      api.get('/api/v1/flows/', { params: { query: { page_size: 500 } }, schema: pagedListSchema(flowSchema) }),
    staleTime: 60_000,
  });

export const useApplications = (page: number, pageSize: number, q: ApplicationQuery) =>
  useQuery(applicationsQuery(page, pageSize, q));
export const useApplication = (id: string) => useQuery({ ...applicationQuery(id), retry: false });
export const useApplicationOptions = (enabled = true) => useQuery({ ...applicationOptionsQuery(), enabled });
export const useFlowOptions = (enabled = true) => useQuery({ ...flowOptionsQuery(), enabled });

export const useCreateApplication = (ui: MutationUi<ApplicationWithSecret, ApplicationInput> = {}) =>
  useApiMutation({
    mutationFn: (input: ApplicationInput) =>
      api.post('/api/v1/applications/', { body: input, schema: applicationWithSecretSchema }),
    invalidates: 'applications',
    ...ui,
  });
export interface UpdateApplication {
  id: string;
  input: ApplicationInput;
}
export const useUpdateApplication = (ui: MutationUi<Application, UpdateApplication> = {}) =>
  useApiMutation({
    mutationFn: ({ id, input }: UpdateApplication) =>
      api.patch('/api/v1/applications/{id}/', { params: { path: { id } }, body: input, schema: applicationSchema }),
    invalidates: 'applications',
    ...ui,
  });
/** A new secret replaces the old one at once; the answer is the only time it is seen. */
export const useRegenerateSecret = (ui: MutationUi<ApplicationWithSecret, Application> = {}) =>
  useApiMutation({
    mutationFn: (a: Application) =>
      api.post('/api/v1/applications/{id}/secret/', {
        params: { path: { id: a.id } },
        schema: applicationWithSecretSchema,
      }),
    invalidates: 'applications',
    ...ui,
  });
export const useDeleteApplication = (ui: MutationUi<void, Application> = {}) =>
  useApiMutation({
    mutationFn: (a: Application) => api.delete('/api/v1/applications/{id}/', { params: { path: { id: a.id } } }),
    invalidates: 'applications',
    ...ui,
  });
/** A SAML provider's metadata, fetched by the server from the address the operator gives (nothing is saved). */
export const useFetchSamlMetadata = (ui: MutationUi<SamlMetadata, SamlMetadataFetch> = {}) =>
  useApiMutation({
    mutationFn: (body: SamlMetadataFetch) =>
      api.post('/api/v1/applications/saml-metadata/', { body, schema: samlMetadataSchema }),
    ...ui,
  });
