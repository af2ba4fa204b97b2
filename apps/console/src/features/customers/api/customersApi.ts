import type { Customer } from '@portiere/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface CustomerList {
  count: number;
  results: Customer[];
  next_page: number | null;
}

export const customersQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['customers', { page, pageSize }],
    queryFn: () => api.get<CustomerList>('customers/', { query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });
