import { customerSchema, pagedListSchema } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the customers area. */
export const customersKeys = areaKeys('customers');

export const customersQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: customersKeys.list({ page, pageSize }),
    queryFn: () =>
      api.get('customers/', { schema: pagedListSchema(customerSchema), query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });
export const useCustomers = (page: number, pageSize: number) => useQuery(customersQuery(page, pageSize));
