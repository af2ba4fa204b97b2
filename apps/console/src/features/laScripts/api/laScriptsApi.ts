import { itemsListSchema, type LaScript, laScriptSchema } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of a customer's login-assistant scripts. */
export const laScriptsKeys = areaKeys('laScripts');

/** The list's filters (search, uploaded_after, uploaded_before). */
export type LaScriptQuery = Omit<QueryOf<'/api/v1/customers/{id}/scripts/'>, 'page' | 'page_size'>;

export const laScriptsQuery = (customerId: string, page: number, pageSize: number, query: LaScriptQuery = {}) =>
  queryOptions({
    queryKey: laScriptsKeys.list({ customerId, page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/customers/{id}/scripts/', {
        params: { path: { id: customerId }, query: { ...query, page, page_size: pageSize } },
        schema: itemsListSchema(laScriptSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const useLaScripts = (customerId: string, page: number, pageSize: number, query: LaScriptQuery = {}) =>
  useQuery(laScriptsQuery(customerId, page, pageSize, query));

export interface ScriptUpload {
  file: File;
  version: string;
}
/** Multipart (`version`, then `file`): the client sends FormData with the browser's own boundary. */
export const useUploadScript = (customerId: string, ui: MutationUi<LaScript, ScriptUpload> = {}) =>
  useApiMutation({
    mutationFn: ({ file, version }: ScriptUpload) =>
      api.upload('/api/v1/customers/{id}/scripts/', {
        params: { path: { id: customerId } },
        form: { version, file },
        schema: laScriptSchema,
      }),
    invalidates: 'laScripts',
    ...ui,
  });

/** Saves the script's bytes under its name (an authenticated fetch, like the exports). */
export const useDownloadScript = (customerId: string, ui: MutationUi<string, LaScript> = {}) =>
  useApiMutation({
    mutationFn: (s: LaScript) =>
      downloadFile(
        '/api/v1/customers/{id}/scripts/{scriptId}/download/',
        { params: { path: { id: customerId, scriptId: s.id } } },
        s.name,
      ),
    ...ui,
  });

export const useDeleteScript = (customerId: string, ui: MutationUi<void, LaScript> = {}) =>
  useApiMutation({
    mutationFn: (s: LaScript) =>
      api.delete('/api/v1/customers/{id}/scripts/{scriptId}/', {
        params: { path: { id: customerId, scriptId: s.id } },
      }),
    invalidates: 'laScripts',
    ...ui,
  });
