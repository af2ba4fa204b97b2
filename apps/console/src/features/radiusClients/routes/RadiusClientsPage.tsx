import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { Box, Button, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { RadiusClient } from '@portiere/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { ListPage } from '../../../components/table/ListPage';
import { useFirstPageOn, usePaging } from '../../../components/table/pagingStore';
import { formatDateTime } from '../../../lib/format';
import { useDebounced } from '../../../lib/useDebounced';
import { useDeleteRadiusClient, useRadiusClients, useRenewRadiusSecret } from '../api/radiusClientsApi';
import { RADIUS_CLIENT_FORM_DIALOG, RadiusClientFormDialog } from '../components/RadiusClientFormDialog';
import { SECRET_SHOWN_DIALOG, SecretShownDialog } from '../components/SecretShownDialog';

/**
 * RADIUS clients: the VPN gateways, network devices and Linux hosts that sign members in over
 * RADIUS. Registered here (the shared secret shows once), changed, given a new secret, deleted.
 */
export default function RadiusClientsPage() {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 300);
  useFirstPageOn(search);
  const { page, pageSize } = usePaging();
  const list = useRadiusClients(page, pageSize, search);
  const { run: remove } = useDeleteRadiusClient({
    success: (t, _r, c) => t('radiusClients.deleted', { name: c.name }),
  });
  const { run: renew } = useRenewRadiusSecret({
    success: (t, c) => t('radiusClients.renewed', { name: c.name }),
    onSuccess: (c) => openDialog(SECRET_SHOWN_DIALOG, c),
  });

  const columns = useMemo<GridColDef<RadiusClient>[]>(() => {
    const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
    const action = (label: string, icon: React.ReactNode, onClick: () => void, color?: 'error') => (
      <Tooltip title={label}>
        <IconButton aria-haspopup="dialog" aria-label={label} onClick={onClick} color={color}>
          {icon}
        </IconButton>
      </Tooltip>
    );
    return [
      { field: 'name', headerName: t('radiusClients.columns.name'), flex: 1.2, minWidth: 170 },
      { field: 'address', headerName: t('radiusClients.columns.address'), flex: 1, minWidth: 140 },
      {
        field: 'application',
        headerName: t('radiusClients.columns.application'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.application.name,
      },
      {
        field: 'enabled',
        headerName: t('radiusClients.columns.status'),
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <Chip
              size="small"
              color={row.enabled ? 'success' : 'default'}
              label={t(row.enabled ? 'radiusClients.enabled' : 'radiusClients.disabled')}
            />
            {!row.requireMessageAuthenticator && (
              <Chip size="small" color="warning" variant="outlined" label={t('radiusClients.noMessageAuthenticator')} />
            )}
          </Stack>
        ),
      },
      {
        field: 'last_used_at',
        headerName: t('radiusClients.columns.lastUsed'),
        minWidth: 170,
        valueFormatter: (value: string | null) => when(value),
      },
      {
        field: 'created_at',
        headerName: t('radiusClients.columns.created'),
        minWidth: 170,
        valueFormatter: (value: string) => when(value),
      },
      {
        field: 'actions',
        headerName: t('radiusClients.columns.actions'),
        sortable: false,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Stack direction="row">
            {action(t('radiusClients.editNamed', { name: row.name }), <EditIcon fontSize="small" />, () =>
              openDialog(RADIUS_CLIENT_FORM_DIALOG, row),
            )}
            {action(t('radiusClients.renewNamed', { name: row.name }), <KeyIcon fontSize="small" />, () =>
              askConfirmation({
                kind: 'revoke',
                name: t('radiusClients.secretOf', { name: row.name }),
                detail: t('radiusClients.renewWarning'),
                onConfirm: () => renew(row),
              }),
            )}
            {action(
              t('radiusClients.deleteNamed', { name: row.name }),
              <DeleteIcon fontSize="small" />,
              () =>
                askConfirmation({
                  kind: 'delete',
                  name: row.name,
                  detail: t('radiusClients.deleteWarning'),
                  onConfirm: () => remove(row),
                }),
              'error',
            )}
          </Stack>
        ),
      },
    ];
  }, [t, i18n.language, remove, renew]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t(search ? 'radiusClients.noMatches' : 'radiusClients.noRows')}
      sx={{ minHeight: 400 }}
      toolbar={
        <Stack spacing={1}>
          <Typography color="text.secondary">{t('radiusClients.intro')}</Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <TextField
              size="small"
              type="search"
              label={t('radiusClients.search')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(RADIUS_CLIENT_FORM_DIALOG, null)}
            >
              {t('radiusClients.register')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <RadiusClientFormDialog />
      <SecretShownDialog />
    </ListPage>
  );
}
