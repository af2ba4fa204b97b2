import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { RecoveryMode } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogName, openDialog } from '../../../components/dialogs/dialogRegistry';
import type { FilterDefinitionOf } from '../../../components/filters/filterTypes';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { formatDateTime } from '../../../lib/format';
import { type RecoveryModeQuery, useDeactivateRecoveryMode, useRecoveryModes } from '../api/recoveryApi';
import { ACTIVATE_FOR_USER_DIALOG, ActivateRecoveryDialog } from '../components/ActivateRecoveryDialog';
import { OneTimeCodeDialog, type ShownCode } from '../components/OneTimeCodeDialog';

const CODE_DIALOG = dialogName<ShownCode>('recovery-list-code');

/** The drawer of the recovery modes list: the days they were activated. */
const RECOVERY_FILTERS: FilterDefinitionOf<RecoveryModeQuery>[] = [
  {
    type: 'group',
    key: 'activated',
    label: 'recovery.filters.activated',
    children: [
      { type: 'date', key: 'activated_after', label: 'recovery.filters.from' },
      { type: 'date', key: 'activated_before', label: 'recovery.filters.to' },
    ],
  },
];

/** Members in recovery mode, with Deactivate and Activate for a user. */
export default function RecoveryModesPage() {
  const { t, i18n } = useTranslation();
  const { page, pageSize } = usePaging();
  const { query, searchText, setSearchText } = useListQuery<RecoveryModeQuery>(RECOVERY_FILTERS);
  const list = useRecoveryModes(page, pageSize, query);
  const { run: deactivateFor } = useDeactivateRecoveryMode();

  const columns = useMemo<GridColDef<RecoveryMode>[]>(() => {
    const deactivate = (r: RecoveryMode) =>
      askConfirmation({
        kind: 'disassociate',
        name: t('recovery.modeOf', { name: r.member.full_name || r.member.username }),
        onConfirm: () => deactivateFor(r.member.id),
      });
    return [
      {
        field: 'member',
        headerName: t('recovery.columns.member'),
        flex: 1.5,
        minWidth: 200,
        valueGetter: (_v, row) => row.member.username,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
            <Typography variant="body2">{row.member.username}</Typography>
            {row.member.full_name && (
              <Typography variant="caption" color="text.secondary">
                {row.member.full_name}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'email',
        headerName: t('recovery.columns.email'),
        flex: 1.5,
        minWidth: 200,
        valueGetter: (_v, row) => row.member.email,
      },
      {
        field: 'activated_at',
        headerName: t('recovery.columns.activatedAt'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(value, i18n.language),
      },
      { field: 'activated_by', headerName: t('recovery.columns.activatedBy'), flex: 1, minWidth: 160 },
      {
        field: 'disabled_credentials',
        headerName: t('recovery.columns.disabledCredentials'),
        type: 'number',
        minWidth: 150,
      },
      {
        field: 'actions',
        headerName: t('recovery.columns.actions'),
        sortable: false,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Button
            size="small"
            color="warning"
            aria-haspopup="dialog"
            onClick={() => deactivate(row)}
            aria-label={t('recovery.deactivateFor', { name: row.member.username })}
          >
            {t('recovery.deactivate')}
          </Button>
        ),
      },
    ];
  }, [t, i18n.language, deactivateFor]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('recovery.noRows')}
      getRowHeight={() => 'auto'}
      sx={{ minHeight: 400, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
      toolbar={
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('recovery.listIntro')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <SearchField label={t('recovery.search')} value={searchText} onChange={setSearchText} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(ACTIVATE_FOR_USER_DIALOG)}
            >
              {t('recovery.activateForUser')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <ActivateRecoveryDialog onActivated={(r) => openDialog(CODE_DIALOG, r)} />
      <OneTimeCodeDialog dialog={CODE_DIALOG} title={t('recovery.modeCodeTitle')} note={t('recovery.modeCodeMailed')} />
    </ListPage>
  );
}
