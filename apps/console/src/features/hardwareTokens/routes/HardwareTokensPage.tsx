import BlockIcon from '@mui/icons-material/Block';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SyncIcon from '@mui/icons-material/Sync';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Chip, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { HardwareToken } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { formatDate } from '../../../lib/format';
import { useHardwareTokens, useRetireHardwareToken } from '../api/hardwareTokensApi';
import { ASSIGN_HARDWARE_TOKEN_DIALOG, AssignHardwareTokenDialog } from '../components/AssignHardwareTokenDialog';
import { IMPORT_HARDWARE_TOKENS_DIALOG, ImportHardwareTokensDialog } from '../components/ImportHardwareTokensDialog';
import { RESYNC_HARDWARE_TOKEN_DIALOG, ResyncHardwareTokenDialog } from '../components/ResyncHardwareTokenDialog';
import {
  hardwareTokenFilterDefinitions,
  hardwareTokenQueryOf,
  STATE_COLORS,
  stateLabelKey,
} from '../lib/hardwareTokenState';

/** Hardware tokens with server paging, serial search, a state filter in the drawer, import, assign, resync, retire. */
export default function HardwareTokensPage() {
  const { t, i18n } = useTranslation();
  const { page, pageSize } = usePaging();
  const { query, searchText, setSearchText } = useListQuery(hardwareTokenFilterDefinitions, hardwareTokenQueryOf);
  const list = useHardwareTokens(page, pageSize, query);
  const { run: retire } = useRetireHardwareToken();

  const columns = useMemo<GridColDef<HardwareToken>[]>(() => {
    const name = (row: HardwareToken) => t('hardwareTokens.tokenName', { serial: row.serial });
    return [
      { field: 'serial', headerName: t('hardwareTokens.columns.serial'), flex: 1, minWidth: 150 },
      {
        field: 'kind',
        headerName: t('hardwareTokens.columns.kind'),
        minWidth: 160,
        valueGetter: (_v, row) =>
          row.kind === 'totp'
            ? t('hardwareTokens.kindTotp', { digits: row.digits, period: row.period ?? 30 })
            : t('hardwareTokens.kindHotp', { digits: row.digits }),
      },
      {
        field: 'state',
        headerName: t('hardwareTokens.columns.state'),
        minWidth: 130,
        renderCell: ({ row }) => (
          <Chip size="small" color={STATE_COLORS[row.state]} label={t(stateLabelKey(row.state))} />
        ),
      },
      {
        field: 'member',
        headerName: t('hardwareTokens.columns.member'),
        flex: 1.5,
        minWidth: 200,
        valueGetter: (_v, row) => row.member?.username ?? '',
        renderCell: ({ value }) => value || '—',
      },
      {
        field: 'manufacturer',
        headerName: t('hardwareTokens.columns.manufacturer'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ value }) => value || '—',
      },
      {
        field: 'imported_at',
        headerName: t('hardwareTokens.columns.importedAt'),
        minWidth: 130,
        valueFormatter: (value: string | null) => formatDate(value, i18n.language),
      },
      {
        field: 'actions',
        headerName: t('hardwareTokens.columns.actions'),
        sortable: false,
        minWidth: 150,
        renderCell: ({ row }) => (
          <RowActions
            actions={[
              {
                title: t('hardwareTokens.assign.open'),
                label: t('hardwareTokens.assign.label', { serial: row.serial }),
                icon: <PersonAddIcon fontSize="small" />,
                dialog: true,
                disabled: row.state !== 'stock',
                onClick: () => openDialog(ASSIGN_HARDWARE_TOKEN_DIALOG, row),
              },
              {
                title: t('hardwareTokens.resync.open'),
                label: t('hardwareTokens.resync.label', { serial: row.serial }),
                icon: <SyncIcon fontSize="small" />,
                dialog: true,
                disabled: row.state !== 'assigned',
                onClick: () => openDialog(RESYNC_HARDWARE_TOKEN_DIALOG, row),
              },
              {
                title: t('hardwareTokens.retire.open'),
                label: t('hardwareTokens.retire.label', { serial: row.serial }),
                icon: <BlockIcon fontSize="small" />,
                dialog: true,
                disabled: row.state === 'retired',
                onClick: () =>
                  askConfirmation({
                    kind: 'retire',
                    name: name(row),
                    detail: t(row.member ? 'hardwareTokens.retire.detailAssigned' : 'hardwareTokens.retire.detail', {
                      username: row.member?.username ?? '',
                    }),
                    onConfirm: () => retire(row),
                  }),
              },
            ]}
          />
        ),
      },
    ];
  }, [t, i18n.language, retire]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('hardwareTokens.noRows')}
      sx={{ minHeight: 400 }}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <SearchField label={t('hardwareTokens.search')} value={searchText} onChange={setSearchText} />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(IMPORT_HARDWARE_TOKENS_DIALOG)}
          >
            {t('hardwareTokens.import.open')}
          </Button>
        </Stack>
      }
    >
      <ImportHardwareTokensDialog />
      <AssignHardwareTokenDialog />
      <ResyncHardwareTokenDialog />
    </ListPage>
  );
}
