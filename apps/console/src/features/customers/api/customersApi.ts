import {
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
  customerSchema,
  pagedListSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the customers area. */
export const customersKeys = areaKeys('customers');

/** The list's filters (customers/: search, la_enabled). */
export type CustomerQuery = Omit<QueryOf<'/api/v1/customers/'>, 'page' | 'page_size'>;

export const customersQuery = (page: number, pageSize: number, query: CustomerQuery = {}) =>
  queryOptions({
    queryKey: customersKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/customers/', {
        params: { query: { ...query, page, page_size: pageSize } },
        schema: pagedListSchema(customerSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const useCustomers = (page: number, pageSize: number, query: CustomerQuery = {}) =>
  useQuery(customersQuery(page, pageSize, query));

/**
 * Create (no id: the customer with its first manager user, who is mailed a temporary password)
 * or update a customer; an update sends only what changed. The session's customer list (me/)
 * is refreshed too: it says which customers have the login assistant.
 */
export type SaveCustomer = { id?: undefined; input: CustomerCreate } | { id: string; input: CustomerUpdate };
export const useSaveCustomer = (ui: MutationUi<Customer, SaveCustomer> = {}) =>
  useApiMutation({
    mutationFn: (save: SaveCustomer) =>
      save.id !== undefined
        ? api.patch('/api/v1/customers/{id}/', {
            params: { path: { id: save.id } },
            body: save.input,
            schema: customerSchema,
          })
        : api.post('/api/v1/customers/', { body: save.input, schema: customerSchema }),
    invalidates: 'customers',
    ...ui,
  });
