import { downloadsSchema, type LaScript } from '@portiere/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the customer user's downloads. */
export const downloadsKeys = areaKeys('downloads');

export const downloadsQuery = () =>
  queryOptions({
    queryKey: downloadsKeys.all,
    queryFn: () => api.get('/api/v1/downloads/', { schema: downloadsSchema }),
  });
export const useDownloads = () => useQuery(downloadsQuery());

/** Saves one of the customer's scripts under its name (an authenticated fetch, like the exports). */
export const useDownloadScript = (ui: MutationUi<string, LaScript> = {}) =>
  useApiMutation({
    mutationFn: (s: LaScript) =>
      downloadFile('/api/v1/downloads/scripts/{scriptId}/', { params: { path: { scriptId: s.id } } }, s.name),
    ...ui,
  });
