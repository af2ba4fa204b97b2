import { AUDIT_EXPORT_FORMATS, type AuditVerify, auditListSchema, auditVerifySchema } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { areaKeys } from '../../../lib/api/queryKeys';

/** The list's filters (audit/, and audit/export/ with its format): actor and action as lists. */
export type AuditQuery = Omit<QueryOf<'/api/v1/audit/'>, 'page' | 'page_size'>;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];
export { AUDIT_EXPORT_FORMATS };

/** Query keys of the audit area. The trail is only read here: events are written by the server. */
export const auditKeys = areaKeys('audit');

export const auditEventsQuery = (page: number, pageSize: number, query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/audit/', {
        params: { query: { page, page_size: pageSize, ...query } },
        schema: auditListSchema,
      }),
    placeholderData: keepPreviousData,
    // Every action elsewhere adds events: a page shown again reads them afresh.
    staleTime: 0,
  });

export const useAuditEvents = (page: number, pageSize: number, query: AuditQuery) =>
  useQuery(auditEventsQuery(page, pageSize, query));

/** Re-computes every chain the caller sees; run on demand (it reads the whole trail). */
export const useVerifyAudit = (ui: MutationUi<AuditVerify, void> = {}) =>
  useApiMutation({
    mutationFn: () => api.get('/api/v1/audit/verify/', { schema: auditVerifySchema }),
    ...ui,
  });

export interface AuditExportRequest {
  format: AuditExportFormat;
  query: AuditQuery;
}
/** Downloads what the list filters (newest first) as CSV or JSON. */
export const useExportAudit = (ui: MutationUi<string, AuditExportRequest> = {}) =>
  useApiMutation({
    mutationFn: ({ format, query }: AuditExportRequest) =>
      downloadFile('/api/v1/audit/export/', { params: { query: { ...query, format } } }, `audit.${format}`),
    ...ui,
  });
