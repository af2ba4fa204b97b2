import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Role } from '@portiere/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { useQueryErrorFeedback } from '../../../components/feedback/useQueryErrorFeedback';
import { usePaging } from '../../../components/table/pagingStore';
import { ServerDataGrid } from '../../../components/table/ServerDataGrid';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { deleteRole, rolesQuery } from '../api/rolesApi';
import { ROLE_FORM_DIALOG, RoleFormDialog } from '../components/RoleFormDialog';

/** Role groups: list, create, edit, delete; a row opens the role (Info, Users). */
export default function RolesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, pageSize } = usePaging();
  const list = useQuery(rolesQuery(page, pageSize));
  const [editing, setEditing] = useState<Role | null>(null);

  useQueryErrorFeedback(list);

  const columns = useMemo<GridColDef<Role>[]>(() => {
    const edit = (r: Role) => {
      setEditing(r);
      setTimeout(() => dialogs.open(ROLE_FORM_DIALOG));
    };
    const remove = (r: Role) =>
      askConfirmation({
        kind: 'delete',
        name: r.name,
        onConfirm: async () => {
          try {
            await deleteRole(r.id);
            feedback.push({ type: 'success', message: t('success.objectDeleted') });
          } catch (err) {
            feedback.push({ type: 'error', message: errorMessage(t, err) });
          } finally {
            await queryClient.invalidateQueries({ queryKey: ['roles'] });
          }
        },
      });
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
              <IconButton aria-label={t('roles.editNamed', { name: row.name })} onClick={() => edit(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('roles.delete')}>
              <IconButton aria-label={t('roles.deleteNamed', { name: row.name })} onClick={() => remove(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ];
  }, [t, i18n.language, queryClient]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('roles.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(null);
            setTimeout(() => dialogs.open(ROLE_FORM_DIALOG));
          }}
        >
          {t('roles.new')}
        </Button>
      </Stack>
      <Paper sx={{ width: '100%' }}>
        <ServerDataGrid
          rows={list.data?.results ?? []}
          rowCount={list.data?.count ?? 0}
          columns={columns}
          loading={list.isFetching}
          disableColumnSorting
          disableRowSelectionOnClick
          onRowClick={({ row }) => navigate(`/roles/${encodeURIComponent(row.id)}`)}
          noRowsLabel={t('roles.noRows')}
          sx={{ minHeight: 300, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </Paper>
      <RoleFormDialog role={editing} onSaved={(r) => !editing && navigate(`/roles/${encodeURIComponent(r.id)}`)} />
    </Stack>
  );
}
