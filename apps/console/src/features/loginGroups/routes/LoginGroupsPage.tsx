import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { LoginGroup } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { useDeleteLoginGroup, useLoginGroups } from '../api/loginGroupsApi';
import { LOGIN_GROUP_FORM_DIALOG, LoginGroupFormDialog } from '../components/LoginGroupFormDialog';
import { LOGIN_GROUP_FILTERS, loginGroupQueryOf } from '../lib/loginGroupForm';

/** Login groups with their counts; a row opens the group. Deleting one that is not empty is refused with the counts. */
export default function LoginGroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  const { query, searchText, setSearchText } = useListQuery(LOGIN_GROUP_FILTERS, loginGroupQueryOf);
  const list = useLoginGroups(page, pageSize, query);
  const { run: deleteGroup } = useDeleteLoginGroup({ success: (t) => t('success.objectDeleted') });
  const open = (g: LoginGroup) => navigate(`/login-groups/${encodeURIComponent(g.id)}`);

  const columns = useMemo<GridColDef<LoginGroup>[]>(
    () => [
      { field: 'name', headerName: t('loginGroups.columns.name'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('loginGroups.columns.description'), flex: 1.5, minWidth: 200 },
      { field: 'credentials_count', headerName: t('loginGroups.columns.credentials'), type: 'number', minWidth: 110 },
      {
        field: 'applications_count',
        headerName: t('loginGroups.columns.applications'),
        type: 'number',
        minWidth: 120,
      },
      {
        field: 'actions',
        headerName: t('loginGroups.columns.actions'),
        sortable: false,
        minWidth: 80,
        renderCell: ({ row }) => (
          <RowActions
            remove={{
              title: t('loginGroups.delete'),
              label: t('loginGroups.deleteNamed', { name: row.name }),
              onClick: () => askConfirmation({ kind: 'delete', name: row.name, onConfirm: () => deleteGroup(row) }),
            }}
          />
        ),
      },
    ],
    [t, deleteGroup],
  );

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('loginGroups.noRows')}
      onRowClick={({ row }) => open(row as LoginGroup)}
      sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      toolbar={
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('loginGroups.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <SearchField label={t('loginGroups.search')} value={searchText} onChange={setSearchText} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(LOGIN_GROUP_FORM_DIALOG)}
            >
              {t('loginGroups.new')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <LoginGroupFormDialog />
    </ListPage>
  );
}
