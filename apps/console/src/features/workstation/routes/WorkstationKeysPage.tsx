import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { WorkstationKey } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { formatDateTime } from '../../../lib/format';
import { useRevokeWorkstationKey, useWorkstationKeys } from '../api/workstationApi';
import { ISSUE_KEY_DIALOG, IssueKeyDialog } from '../components/IssueKeyDialog';
import { KeyShownDialog } from '../components/KeyShownDialog';

/**
 * Workstation keys: what the customer's workstations authenticate with, one per machine or one
 * for the fleet. Issued here (the key shows once) and revoked here (with what it fetched).
 */
export default function WorkstationKeysPage() {
  const { t, i18n } = useTranslation();
  const { page, pageSize } = usePaging();
  const list = useWorkstationKeys(page, pageSize);
  const { run: revoke } = useRevokeWorkstationKey({
    success: (t, _r, key) => t('workstation.keys.revoked', { name: key.name }),
  });

  const columns = useMemo<GridColDef<WorkstationKey>[]>(() => {
    const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
    return [
      { field: 'name', headerName: t('workstation.keys.columns.name'), flex: 1.2, minWidth: 180 },
      {
        field: 'machine',
        headerName: t('workstation.keys.columns.machine'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => row.machine ?? t('workstation.keys.anyMachine'),
      },
      {
        field: 'created_at',
        headerName: t('workstation.keys.columns.created'),
        minWidth: 170,
        valueFormatter: (value: string) => when(value),
      },
      {
        field: 'last_used_at',
        headerName: t('workstation.keys.columns.lastUsed'),
        minWidth: 170,
        valueFormatter: (value: string | null) => when(value),
      },
      {
        field: 'actions',
        headerName: t('workstation.keys.columns.actions'),
        sortable: false,
        minWidth: 100,
        renderCell: ({ row }) => (
          <Tooltip title={t('workstation.keys.revoke')}>
            <IconButton
              aria-haspopup="dialog"
              aria-label={t('workstation.keys.revokeNamed', { name: row.name })}
              onClick={() =>
                askConfirmation({
                  kind: 'revoke',
                  name: row.name,
                  detail: t('workstation.keys.revokeWarning'),
                  onConfirm: () => revoke(row),
                })
              }
            >
              <BlockIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ];
  }, [t, i18n.language, revoke]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('workstation.keys.noRows')}
      sx={{ minHeight: 400 }}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <Typography color="text.secondary">{t('workstation.keys.intro')}</Typography>
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(ISSUE_KEY_DIALOG)}
          >
            {t('workstation.keys.issue.open')}
          </Button>
        </Stack>
      }
    >
      <IssueKeyDialog />
      <KeyShownDialog />
    </ListPage>
  );
}
