import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { LA_APP_KINDS, type LaApp } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { useDeleteLaApp, useLaApps } from '../api/laAppsApi';
import { LA_APP_FORM_DIALOG, LaAppFormDialog } from '../components/LaAppFormDialog';
import { laAppFilterDefinitions, laAppQueryOf } from '../lib/laAppForm';

/** The login assistant's apps with server paging, search and a kind filter. */
export default function LaAppsPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePaging();
  const definitions = useMemo(
    () => laAppFilterDefinitions(LA_APP_KINDS.map((k) => ({ value: k, label: t(`laApps.kinds.${k}`) }))),
    [t],
  );
  const { query, searchText, setSearchText } = useListQuery(definitions, laAppQueryOf);
  const list = useLaApps(page, pageSize, query);
  // A refusal (still in login groups) says why, with the count, in the snackbar.
  const { run: deleteApp } = useDeleteLaApp({ success: (t) => t('success.objectDeleted') });

  const columns = useMemo<GridColDef<LaApp>[]>(
    () => [
      { field: 'name', headerName: t('laApps.columns.name'), flex: 1, minWidth: 150 },
      {
        field: 'kind',
        headerName: t('laApps.columns.kind'),
        minWidth: 100,
        valueGetter: (_v, row) => t(`laApps.kinds.${row.kind}`),
      },
      { field: 'target', headerName: t('laApps.columns.target'), flex: 1.5, minWidth: 200 },
      {
        field: 'profile',
        headerName: t('laApps.columns.profile'),
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => row.profile?.name ?? '—',
      },
      { field: 'profiles_count', headerName: t('laApps.columns.profiles'), type: 'number', minWidth: 90 },
      { field: 'login_groups_count', headerName: t('laApps.columns.loginGroups'), type: 'number', minWidth: 120 },
      {
        field: 'actions',
        headerName: t('laApps.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <RowActions
            edit={{
              title: t('laApps.edit'),
              label: t('laApps.editNamed', { name: row.name }),
              onClick: () => openDialog(LA_APP_FORM_DIALOG, row),
            }}
            remove={{
              title: t('laApps.delete'),
              label: t('laApps.deleteNamed', { name: row.name }),
              onClick: () => askConfirmation({ kind: 'delete', name: row.name, onConfirm: () => deleteApp(row) }),
            }}
          />
        ),
      },
    ],
    [t, deleteApp],
  );

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('laApps.noRows')}
      onRowClick={({ row }) => openDialog(LA_APP_FORM_DIALOG, row as LaApp)}
      toolbar={
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('laApps.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <SearchField label={t('laApps.search')} value={searchText} onChange={setSearchText} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(LA_APP_FORM_DIALOG, null)}
            >
              {t('laApps.new')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <LaAppFormDialog />
    </ListPage>
  );
}
