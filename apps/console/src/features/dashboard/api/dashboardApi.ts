import type { CustomerDashboard } from '@portiere/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: () => api.get<{ customers: CustomerDashboard[] }>('dashboard/'),
    staleTime: 0,
  });
