import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Configuration } from '@portiere/contracts';
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
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { configurationsQuery, deleteConfiguration } from '../api/configurationsApi';
import { AllowedChips } from '../components/AllowedChips';
import { CONFIGURATION_FORM_DIALOG, ConfigurationFormDialog } from '../components/ConfigurationFormDialog';

/** Configuration groups: list with members count, create, edit, delete; a row opens its members. */
export default function ConfigurationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, pageSize } = usePaging();
  const list = useQuery(configurationsQuery(page, pageSize));
  const [editing, setEditing] = useState<Configuration | null>(null);

  useQueryErrorFeedback(list);

  const columns = useMemo<GridColDef<Configuration>[]>(() => {
    const edit = (g: Configuration) => {
      setEditing(g);
      // Open after the dialog has the group (its onOpen reads the props of this render).
      setTimeout(() => dialogs.open(CONFIGURATION_FORM_DIALOG));
    };
    const remove = (g: Configuration) =>
      askConfirmation({
        kind: 'delete',
        name: g.name,
        onConfirm: async () => {
          try {
            await deleteConfiguration(g.id);
            feedback.push({ type: 'success', message: t('success.objectDeleted') });
          } catch (err) {
            feedback.push({ type: 'error', message: errorMessage(t, err) });
          } finally {
            await queryClient.invalidateQueries({ queryKey: ['config-groups'] });
          }
        },
      });
    return [
      {
        field: 'name',
        headerName: t('configurations.columns.name'),
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {row.name}
            </Typography>
            {row.description && (
              <Typography variant="caption" color="text.secondary">
                {row.description}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'app_credential_biometry',
        headerName: t('configurations.columns.biometry'),
        minWidth: 130,
        valueFormatter: (value: string) => t(`configurations.biometry.${value}`),
      },
      {
        field: 'workstation_login_enabled',
        headerName: t('configurations.columns.workstationLogin'),
        type: 'boolean',
        minWidth: 120,
      },
      { field: 'web_login_enabled', headerName: t('configurations.columns.webLogin'), type: 'boolean', minWidth: 110 },
      {
        field: 'allowed',
        headerName: t('configurations.columns.allowed'),
        flex: 2,
        minWidth: 240,
        renderCell: ({ row }) => <AllowedChips group={row} />,
      },
      {
        field: 'members_count',
        headerName: t('configurations.columns.members'),
        type: 'number',
        minWidth: 100,
      },
      {
        field: 'actions',
        headerName: t('configurations.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Box onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t('configurations.edit')}>
              <IconButton aria-label={t('configurations.editNamed', { name: row.name })} onClick={() => edit(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('configurations.delete')}>
              <IconButton aria-label={t('configurations.deleteNamed', { name: row.name })} onClick={() => remove(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ];
  }, [t, queryClient]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('configurations.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setEditing(null);
            setTimeout(() => dialogs.open(CONFIGURATION_FORM_DIALOG));
          }}
        >
          {t('configurations.new')}
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
          getRowHeight={() => 'auto'}
          onRowClick={({ row }) => navigate(`/groups/${encodeURIComponent(row.id)}`)}
          noRowsLabel={t('configurations.noRows')}
          sx={{
            minHeight: 300,
            '& .MuiDataGrid-row': { cursor: 'pointer' },
            '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 },
          }}
        />
      </Paper>
      <ConfigurationFormDialog group={editing} />
    </Stack>
  );
}
