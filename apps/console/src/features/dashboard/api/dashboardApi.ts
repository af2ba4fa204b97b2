import { dashboardSchema } from '@portiere/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the dashboard area. */
export const dashboardKeys = areaKeys('dashboard');

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: () => api.get('/api/v1/dashboard/', { schema: dashboardSchema }),
    staleTime: 0,
  });
export const useDashboard = () => useQuery(dashboardQuery());
