import { type Flow, type FlowInput, flowSchema, pagedListSchema } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the flows area. */
export const flowsKeys = areaKeys('flows');

/** The list's filters (flows/: search, credential as one kind's code). */
export type FlowQuery = Omit<QueryOf<'/api/v1/flows/'>, 'page' | 'page_size'>;

export const flowsQuery = (page: number, pageSize: number, q: FlowQuery) =>
  queryOptions({
    queryKey: flowsKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/flows/', {
        params: { query: { page, page_size: pageSize, ...q } },
        schema: pagedListSchema(flowSchema),
      }),
    placeholderData: keepPreviousData,
  });

export const useFlows = (page: number, pageSize: number, q: FlowQuery) => useQuery(flowsQuery(page, pageSize, q));

/** Create (no id) or update a flow. */
export interface SaveFlow {
  id?: string;
  input: FlowInput;
}
export const useSaveFlow = (ui: MutationUi<Flow, SaveFlow> = {}) =>
  useApiMutation({
    mutationFn: ({ id, input }: SaveFlow) =>
      id
        ? api.patch('/api/v1/flows/{id}/', { params: { path: { id } }, body: input, schema: flowSchema })
        : api.post('/api/v1/flows/', { body: input, schema: flowSchema }),
    invalidates: 'flows',
    ...ui,
  });
export const useDeleteFlow = (ui: MutationUi<void, Flow> = {}) =>
  useApiMutation({
    mutationFn: (f: Flow) => api.delete('/api/v1/flows/{id}/', { params: { path: { id: f.id } } }),
    invalidates: 'flows',
    ...ui,
  });
