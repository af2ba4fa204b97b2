import { Chip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEvent } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/format';

/** The actor as people know it: the name recorded at the time, else the kind of actor. */
export const actorLabel = (t: TFunction, e: AuditEvent) => e.actor_name ?? t(`audit.actorTypes.${e.actor_type}`);

/** The target's type in words and its name as recorded (or its id when it had none). */
export function targetLabel(t: TFunction, e: AuditEvent): string {
  if (!e.target_type) return '—';
  const name = e.target_name ?? e.target_id;
  const type = t(`audit.targetTypes.${e.target_type}`);
  return name ? `${type}: ${name}` : type;
}

export function OutcomeChip({ event, t }: { event: AuditEvent; t: TFunction }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={event.outcome === 'success' ? 'success' : 'error'}
      label={t(`audit.outcomes.${event.outcome}`)}
    />
  );
}

/** Columns of the events grid; the tenant only for resellers, who see several customers' trails. */
export function auditColumns(t: TFunction, language: string, withTenant: boolean): GridColDef<AuditEvent>[] {
  return [
    {
      field: 'at',
      headerName: t('audit.columns.at'),
      minWidth: 170,
      flex: 1,
      valueFormatter: (value: string) => formatDateTime(value, language),
    },
    ...(withTenant
      ? [{ field: 'tenant_name', headerName: t('audit.columns.tenant'), minWidth: 140, flex: 1 } as const]
      : []),
    {
      field: 'actor_name',
      headerName: t('audit.columns.actor'),
      minWidth: 160,
      flex: 1,
      valueGetter: (_: unknown, row: AuditEvent) => actorLabel(t, row),
    },
    {
      field: 'action',
      headerName: t('audit.columns.action'),
      minWidth: 180,
      flex: 1,
      valueGetter: (_: unknown, row: AuditEvent) => t(`audit.actions.${row.action}`),
    },
    {
      field: 'target_name',
      headerName: t('audit.columns.target'),
      minWidth: 180,
      flex: 1.2,
      valueGetter: (_: unknown, row: AuditEvent) => targetLabel(t, row),
    },
    {
      field: 'outcome',
      headerName: t('audit.columns.outcome'),
      minWidth: 120,
      renderCell: ({ row }) => <OutcomeChip event={row} t={t} />,
    },
    { field: 'source_ip', headerName: t('audit.columns.sourceIp'), minWidth: 140, flex: 0.8 },
  ];
}
