import {
  type Customer,
  type CustomerCreate,
  type CustomerUpdate,
  customerSchema,
  pagedListSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the customers area. */
export const customersKeys = areaKeys('customers');

/** The list's filters (customers/: search, la_enabled). */
export type CustomerQuery = Record<string, string>;

export const customersQuery = (page: number, pageSize: number, query: CustomerQuery = {}) =>
  queryOptions({
    queryKey: customersKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('customers/', {
        schema: pagedListSchema(customerSchema),
        query: { ...query, page, page_size: pageSize },
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
    mutationFn: ({ id, input }: SaveCustomer) =>
      id
        ? api.patch(`customers/${encodeURIComponent(id)}/`, input, { schema: customerSchema })
        : api.post('customers/', input, { schema: customerSchema }),
    invalidates: 'customers',
    ...ui,
  });
