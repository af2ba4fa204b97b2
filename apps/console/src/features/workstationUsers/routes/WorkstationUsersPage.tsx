import { Chip, Paper, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { WorkstationUser } from '@portiere/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFailure } from '../../../components/feedback/LoadError';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { usePaging } from '../../../components/table/pagingStore';
import { ServerDataGrid } from '../../../components/table/ServerDataGrid';
import { useConfigurationChoices, useWorkstationUsers, type WorkstationUserQuery } from '../api/workstationUsersApi';
import { AutologonSwitch } from '../components/AutologonSwitch';
import { MemberWorkstationDrawer } from '../components/MemberWorkstationDrawer';
import { workstationUserFilterDefinitions } from '../lib/workstationUserFilters';

/** Members' workstation access: configuration, Windows credentials, card, recovery, autologon. */
export default function WorkstationUsersPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePaging();
  const choices = useConfigurationChoices().data?.results;
  const definitions = useMemo(
    () => workstationUserFilterDefinitions((choices ?? []).map((g) => ({ value: g.id, label: g.name }))),
    [choices],
  );
  const { query, searchText, setSearchText } = useListQuery<WorkstationUserQuery>(definitions);
  const [openId, setOpenId] = useState<string | null>(null);

  const list = useWorkstationUsers(page, pageSize, query);
  const rows = list.data?.results ?? [];
  const open = rows.find((r) => r.id === openId) ?? null;

  const columns = useMemo<GridColDef<WorkstationUser>[]>(
    () => [
      { field: 'username', headerName: t('workstationUsers.columns.username'), flex: 1.5, minWidth: 200 },
      { field: 'full_name', headerName: t('workstationUsers.columns.name'), flex: 1, minWidth: 140 },
      {
        field: 'group',
        headerName: t('workstationUsers.columns.configuration'),
        minWidth: 130,
        renderCell: ({ value }) => value || '—',
      },
      {
        field: 'workstation_enabled',
        headerName: t('workstationUsers.columns.enabled'),
        minWidth: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant={row.workstation_enabled ? 'filled' : 'outlined'}
            color={row.workstation_enabled ? 'success' : 'default'}
            label={t(row.workstation_enabled ? 'common.enabled' : 'common.disabled')}
          />
        ),
      },
      {
        field: 'windows_credentials',
        headerName: t('workstationUsers.columns.windowsCredentials'),
        flex: 1.5,
        minWidth: 180,
        renderCell: ({ row }) =>
          row.windows_credentials.length ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
              {row.windows_credentials.map((c) => (
                <Chip key={c} size="small" variant="outlined" label={t(`common.credentialTypes.${c}`)} />
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" component="span" color="text.secondary">
              —
            </Typography>
          ),
      },
      {
        field: 'temporary_card',
        headerName: t('workstationUsers.columns.temporaryCard'),
        minWidth: 130,
        renderCell: ({ value }) => value || '—',
      },
      {
        field: 'recovery_mode',
        headerName: t('workstationUsers.columns.recoveryMode'),
        minWidth: 130,
        renderCell: ({ row }) =>
          row.recovery_mode ? <Chip size="small" color="warning" label={t('workstationUsers.inRecovery')} /> : '—',
      },
      {
        field: 'autologon',
        headerName: t('workstationUsers.columns.autologon'),
        minWidth: 110,
        sortable: false,
        renderCell: ({ row }) => <AutologonSwitch user={row} />,
      },
    ],
    [t],
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <SearchField label={t('workstationUsers.search')} value={searchText} onChange={setSearchText} />
        <Typography variant="body2" color="text.secondary">
          {t('workstationUsers.hint')}
        </Typography>
      </Stack>
      <Paper sx={{ width: '100%' }}>
        <ServerDataGrid
          failure={loadFailure(list)}
          rows={rows}
          rowCount={list.data?.count ?? 0}
          columns={columns}
          loading={list.isFetching}
          disableColumnSorting
          disableRowSelectionOnClick
          onRowClick={({ row }) => setOpenId(row.id)}
          noRowsLabel={t('workstationUsers.noRows')}
          sx={{ minHeight: 400, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </Paper>
      <MemberWorkstationDrawer user={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
