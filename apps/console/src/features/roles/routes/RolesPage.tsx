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
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { formatDate } from '../../../lib/format';
import { useDeleteRole, useRoles } from '../api/rolesApi';
import { ROLE_FORM_DIALOG, RoleFormDialog } from '../components/RoleFormDialog';

/** Role groups: list, create, edit, delete; a row opens the role (Info, Users). */
export default function RolesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  const list = useRoles(page, pageSize);
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
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {t('roles.intro')}
          </Typography>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(ROLE_FORM_DIALOG, null)}
          >
            {t('roles.new')}
          </Button>
        </Stack>
      }
    >
      <RoleFormDialog onSaved={(r, created) => created && navigate(`/roles/${encodeURIComponent(r.id)}`)} />
    </ListPage>
  );
}
