import type { AuditEvent } from '@portiere/contracts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { type AuditQuery, useAuditEvents } from '../api/auditApi';
import { AUDIT_EVENT_DIALOG, AuditDetailDialog } from './AuditDetailDialog';
import { auditColumns } from './auditColumns';

interface Props {
  query: AuditQuery;
  noRowsLabel: string;
  /** Resellers see several tenants' events: the tenant gets a column. */
  withTenant?: boolean;
  toolbar?: ReactNode;
}

/**
 * Server-paged events, newest first; a row opens the event's detail on click or Enter. Shared by
 * the audit page and a member's Activity tab.
 */
export function AuditEventsGrid({ query, noRowsLabel, withTenant = false, toolbar }: Props) {
  const { t, i18n } = useTranslation();
  const { page, pageSize } = usePaging();
  const list = useAuditEvents(page, pageSize, query);
  const columns = useMemo(() => auditColumns(t, i18n.language, withTenant), [t, i18n.language, withTenant]);
  return (
    <ListPage<AuditEvent>
      list={list}
      columns={columns}
      noRowsLabel={noRowsLabel}
      toolbar={toolbar}
      onRowClick={({ row }: { row: AuditEvent }) => openDialog<AuditEvent>(AUDIT_EVENT_DIALOG, row)}
      sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
    >
      <AuditDetailDialog />
    </ListPage>
  );
}
