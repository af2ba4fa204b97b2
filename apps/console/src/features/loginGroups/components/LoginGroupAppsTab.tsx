import AddIcon from '@mui/icons-material/Add';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { LaApp } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { useLoginGroupApps, useRemoveLoginGroupApp } from '../api/loginGroupsApi';
import { ADD_APPS_DIALOG, AddAppsDialog } from './AddAppsDialog';

/** The group's apps: add among the others, remove one with confirmation. */
export function LoginGroupAppsTab({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const { page, pageSize } = usePaging();
  const list = useLoginGroupApps(groupId, page, pageSize);
  const { run: removeApp } = useRemoveLoginGroupApp({
    success: (t) => t('loginGroups.detail.applications.removed'),
  });
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
        field: 'actions',
        headerName: t('laApps.columns.actions'),
        sortable: false,
        minWidth: 80,
        renderCell: ({ row }) => (
          <Tooltip title={t('loginGroups.detail.applications.remove', { name: row.name })}>
            <IconButton
              aria-haspopup="dialog"
              aria-label={t('loginGroups.detail.applications.remove', { name: row.name })}
              onClick={() =>
                askConfirmation({
                  kind: 'disassociate',
                  name: row.name,
                  onConfirm: () => removeApp({ groupId, app: row }),
                })
              }
            >
              <LinkOffIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t, groupId, removeApp],
  );
  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('loginGroups.detail.applications.noRows')}
      toolbar={
        <Stack direction="row">
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(ADD_APPS_DIALOG)}
          >
            {t('loginGroups.detail.applications.add')}
          </Button>
        </Stack>
      }
    >
      <AddAppsDialog groupId={groupId} />
    </ListPage>
  );
}
