import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Role } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import type { FilterDefinitionOf } from '../../../components/filters/filterTypes';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { formatDate } from '../../../lib/format';
import { type RoleQuery, useDeleteRole, useRoles } from '../api/rolesApi';
import { ROLE_FORM_DIALOG, RoleFormDialog } from '../components/RoleFormDialog';

/** Role groups: list, create, edit, delete; a row opens the role (Info, Users). */
/** The drawer of the roles list: the plain yes/no "nobody authorised yet" (the roles that can go). */
const ROLE_FILTERS: FilterDefinitionOf<RoleQuery>[] = [{ type: 'boolean', key: 'empty', label: 'roles.filters.empty' }];

export default function RolesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  const { query, searchText, setSearchText } = useListQuery<RoleQuery>(ROLE_FILTERS);
  const list = useRoles(page, pageSize, query);
  const { run: deleteRole } = useDeleteRole({ success: (t) => t('success.objectDeleted') });

  const columns = useMemo<GridColDef<Role>[]>(() => {
    const edit = (r: Role) => openDialog(ROLE_FORM_DIALOG, r);
    const remove = (r: Role) => askConfirmation({ kind: 'delete', name: r.name, onConfirm: () => deleteRole(r) });
    return [
      { field: 'name', headerName: t('roles.columns.name'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('roles.columns.description'), flex: 2, minWidth: 200 },
      { field: 'users_count', headerName: t('roles.columns.users'), type: 'number', minWidth: 110 },
      {
        field: 'created_at',
        headerName: t('roles.columns.created'),
        minWidth: 120,
        valueFormatter: (value: string) => formatDate(value, i18n.language),
      },
      {
        field: 'actions',
        headerName: t('roles.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Box onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t('roles.edit')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('roles.editNamed', { name: row.name })}
                onClick={() => edit(row)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('roles.delete')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('roles.deleteNamed', { name: row.name })}
                onClick={() => remove(row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ];
  }, [t, i18n.language, deleteRole]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('roles.noRows')}
      onRowClick={({ row }) => navigate(`/roles/${encodeURIComponent(row.id)}`)}
      sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      toolbar={
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('roles.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <SearchField label={t('roles.search')} value={searchText} onChange={setSearchText} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(ROLE_FORM_DIALOG, null)}
            >
              {t('roles.new')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <RoleFormDialog onSaved={(r, created) => created && navigate(`/roles/${encodeURIComponent(r.id)}`)} />
    </ListPage>
  );
}
