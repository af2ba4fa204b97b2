import { Chip, Stack, Typography } from '@mui/material';
import type { GridColDef, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import type { CredentialType, Member } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadFailure } from '../../../components/feedback/LoadError';
import { ServerDataGrid } from '../../../components/table/ServerDataGrid';
import { formatDate } from '../../../lib/format';
import { SORT_FIELDS } from '../lib/memberQuery';

interface Props {
  failure: LoadFailure | null;
  rows: Member[];
  rowCount: number;
  /** rowCount is an estimate: the pagination says "about" until the exact count replaces it. */
  countEstimated: boolean;
  loading: boolean;
  sort: GridSortModel;
  onSortChange: (sort: GridSortModel) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (selection: GridRowSelectionModel) => void;
  onOpen: (row: Member) => void;
  typeLabels: Record<CredentialType, string>;
}

/** The members grid: server paging (the shared paging store) and sorting, checkbox selection; a row click opens the member. */
export default function MembersGrid(props: Props) {
  const {
    failure,
    rows,
    rowCount,
    countEstimated,
    loading,
    sort,
    onSortChange,
    selection,
    onSelectionChange,
    onOpen,
    typeLabels,
  } = props;
  const { t, i18n } = useTranslation();
  const columns = useMemo<GridColDef<Member>[]>(() => {
    const sortable = (field: string) => field in SORT_FIELDS;
    const cols: GridColDef<Member>[] = [
      { field: 'username', headerName: t('members.columns.username'), flex: 1.5, minWidth: 180 },
      { field: 'full_name', headerName: t('members.columns.fullName'), flex: 1.2, minWidth: 150 },
      { field: 'email', headerName: t('members.columns.email'), flex: 1.5, minWidth: 180 },
      {
        field: 'group',
        headerName: t('members.columns.group'),
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => row.group?.name ?? '',
      },
      {
        field: 'enrolled',
        headerName: t('members.columns.enrolled'),
        minWidth: 130,
        renderCell: ({ row }) =>
          row.enrolled ? (
            <span title={t('members.columns.enrolled')}>{formatDate(row.enrolled_at, i18n.language)}</span>
          ) : (
            <Typography variant="body2" component="span" color="text.secondary">
              {t('members.notEnrolled')}
            </Typography>
          ),
      },
      {
        field: 'blocked',
        headerName: t('members.columns.blocked'),
        minWidth: 100,
        renderCell: ({ row }) =>
          row.blocked ? <Chip size="small" color="error" label={t('members.columns.blocked')} /> : t('members.no'),
      },
      {
        field: 'credential_types',
        headerName: t('members.columns.credentialTypes'),
        flex: 2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
            {row.credential_types.map((ty) => (
              <Chip key={ty} size="small" variant="outlined" label={typeLabels[ty] ?? ty} />
            ))}
          </Stack>
        ),
      },
      {
        field: 'created_at',
        headerName: t('members.columns.created'),
        minWidth: 120,
        valueFormatter: (value: string) => formatDate(value, i18n.language),
      },
    ];
    return cols.map((c) => ({ ...c, sortable: sortable(c.field) }));
  }, [t, i18n.language, typeLabels]);

  return (
    <ServerDataGrid
      failure={failure}
      rows={rows}
      rowCount={rowCount}
      countEstimated={countEstimated}
      columns={columns}
      loading={loading}
      sortingMode="server"
      sortModel={sort}
      onSortModelChange={onSortChange}
      checkboxSelection
      keepNonExistentRowsSelected
      rowSelectionModel={selection}
      onRowSelectionModelChange={onSelectionChange}
      disableRowSelectionOnClick
      onRowClick={({ row }) => onOpen(row)}
      noRowsLabel={t('members.noRows')}
      sx={{ minHeight: 400, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
    />
  );
}
