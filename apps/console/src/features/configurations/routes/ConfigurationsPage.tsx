import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Configuration } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { type ConfigurationQuery, useConfigurations, useDeleteConfiguration } from '../api/configurationsApi';
import { AllowedChips } from '../components/AllowedChips';
import { CONFIGURATION_FORM_DIALOG, ConfigurationFormDialog } from '../components/ConfigurationFormDialog';
import { configurationFilterDefinitions } from '../lib/configurationFilters';

/** Configurations: list with members count, create, edit, delete; a row opens its members. */
export default function ConfigurationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  const definitions = useMemo(() => configurationFilterDefinitions(t), [t]);
  const { query, searchText, setSearchText } = useListQuery<ConfigurationQuery>(definitions);
  const list = useConfigurations(page, pageSize, query);
  const del = useDeleteConfiguration({ success: (t) => t('success.objectDeleted') });
  const { run: deleteConfiguration } = del;

  const columns = useMemo<GridColDef<Configuration>[]>(() => {
    const edit = (c: Configuration) => openDialog(CONFIGURATION_FORM_DIALOG, c);
    const remove = (c: Configuration) =>
      askConfirmation({ kind: 'delete', name: c.name, onConfirm: () => deleteConfiguration(c) });
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
        valueFormatter: (value: Configuration['app_credential_biometry']) => t(`configurations.biometry.${value}`),
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
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('configurations.editNamed', { name: row.name })}
                onClick={() => edit(row)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('configurations.delete')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('configurations.deleteNamed', { name: row.name })}
                onClick={() => remove(row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ];
  }, [t, deleteConfiguration]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('configurations.noRows')}
      getRowHeight={() => 'auto'}
      onRowClick={({ row }) => navigate(`/groups/${encodeURIComponent(row.id)}`)}
      sx={{
        '& .MuiDataGrid-row': { cursor: 'pointer' },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 },
      }}
      toolbar={
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('configurations.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <SearchField label={t('configurations.search')} value={searchText} onChange={setSearchText} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(CONFIGURATION_FORM_DIALOG, null)}
            >
              {t('configurations.new')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <ConfigurationFormDialog />
    </ListPage>
  );
}
