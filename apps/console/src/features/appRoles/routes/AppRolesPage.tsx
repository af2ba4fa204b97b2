import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AppRole } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { useAppRoleChoices, useAppRoles, useDeleteAppRole } from '../api/appRolesApi';
import { APP_ROLE_FORM_DIALOG, AppRoleFormDialog } from '../components/AppRoleFormDialog';
import { appRoleFilterDefinitions, appRoleQueryOf } from '../lib/appRoleForm';

const asOptions = (rows: { id: string; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

/** App roles with server paging, search and filters by application, group and flow. */
export default function AppRolesPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePaging();
  const applications = useAppRoleChoices('applications').data;
  const groups = useAppRoleChoices('groups').data;
  const flows = useAppRoleChoices('flows').data;
  const definitions = useMemo(
    () =>
      appRoleFilterDefinitions({
        applications: asOptions(applications),
        groups: asOptions(groups),
        flows: asOptions(flows),
      }),
    [applications, groups, flows],
  );
  const { query, searchText, setSearchText } = useListQuery(definitions, appRoleQueryOf);
  const list = useAppRoles(page, pageSize, query);
  const { run: deleteAppRole } = useDeleteAppRole({ success: (t) => t('success.objectDeleted') });

  const columns = useMemo<GridColDef<AppRole>[]>(() => {
    const edit = (r: AppRole) => openDialog(APP_ROLE_FORM_DIALOG, r);
    const remove = (r: AppRole) =>
      askConfirmation({ kind: 'delete', name: r.displayName, onConfirm: () => deleteAppRole(r) });
    return [
      { field: 'displayName', headerName: t('appRoles.columns.displayName'), flex: 1, minWidth: 160 },
      {
        field: 'application',
        headerName: t('appRoles.columns.application'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.application.name,
      },
      {
        field: 'group',
        headerName: t('appRoles.columns.group'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.group.name,
      },
      {
        field: 'flow',
        headerName: t('appRoles.columns.flow'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.flow.name,
      },
      {
        field: 'actions',
        headerName: t('appRoles.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Box onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t('appRoles.edit')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('appRoles.editNamed', { name: row.displayName })}
                onClick={() => edit(row)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('appRoles.delete')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('appRoles.deleteNamed', { name: row.displayName })}
                onClick={() => remove(row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ];
  }, [t, deleteAppRole]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('appRoles.noRows')}
      onRowClick={({ row }) => openDialog(APP_ROLE_FORM_DIALOG, row as AppRole)}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <SearchField label={t('appRoles.search')} value={searchText} onChange={setSearchText} />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(APP_ROLE_FORM_DIALOG, null)}
          >
            {t('appRoles.new')}
          </Button>
        </Stack>
      }
    >
      <AppRoleFormDialog />
    </ListPage>
  );
}
