import { itemsListSchema, type LaScript, laScriptSchema } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of a customer's login-assistant scripts. */
export const laScriptsKeys = areaKeys('laScripts');

const base = (customerId: string) => `customers/${encodeURIComponent(customerId)}/scripts/`;
const one = (customerId: string, scriptId: string) => `${base(customerId)}${encodeURIComponent(scriptId)}/`;

/** The list's filters (search, uploaded_after, uploaded_before). */
export type LaScriptQuery = Record<string, string>;

export const laScriptsQuery = (customerId: string, page: number, pageSize: number, query: LaScriptQuery = {}) =>
  queryOptions({
    queryKey: laScriptsKeys.list({ customerId, page, pageSize, ...query }),
    queryFn: () =>
      api.get(base(customerId), {
        schema: itemsListSchema(laScriptSchema),
        query: { ...query, page, page_size: pageSize },
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
    mutationFn: ({ file, version }: ScriptUpload) => {
      const form = new FormData();
      form.append('version', version);
      form.append('file', file, file.name);
      return api.post(base(customerId), form, { schema: laScriptSchema });
    },
    invalidates: 'laScripts',
    ...ui,
  });

/** Saves the script's bytes under its name (an authenticated fetch, like the exports). */
export const useDownloadScript = (customerId: string, ui: MutationUi<string, LaScript> = {}) =>
  useApiMutation({
    mutationFn: (s: LaScript) => downloadFile(`${one(customerId, s.id)}download/`, {}, s.name),
    ...ui,
  });

export const useDeleteScript = (customerId: string, ui: MutationUi<void, LaScript> = {}) =>
  useApiMutation({
    mutationFn: (s: LaScript) => api.delete(one(customerId, s.id)),
    invalidates: 'laScripts',
    ...ui,
  });
