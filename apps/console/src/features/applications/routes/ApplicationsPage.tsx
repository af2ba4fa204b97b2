import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { APPLICATION_TYPES, type Application } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { useApplications, useDeleteApplication } from '../api/applicationsApi';
import { APPLICATION_FORM_DIALOG, ApplicationFormDialog } from '../components/ApplicationFormDialog';
import { ClientSecretDialog } from '../components/ClientSecretDialog';
import { applicationFilterDefinitions, applicationQueryOf } from '../lib/applicationQuery';

/** Applications with server paging, search and a type filter; a row opens the application. */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  // The type filter offers labels in the current language but holds codes.
  const definitions = useMemo(
    () =>
      applicationFilterDefinitions(
        APPLICATION_TYPES.map((ty) => ({ value: ty, label: t(`applications.types.${ty}`) })),
      ),
    [t],
  );
  const { query, searchText, setSearchText } = useListQuery(definitions, applicationQueryOf);
  const list = useApplications(page, pageSize, query);
  const { run: deleteApplication } = useDeleteApplication({ success: (t) => t('success.objectDeleted') });

  const columns = useMemo<GridColDef<Application>[]>(() => {
    const edit = (a: Application) => openDialog(APPLICATION_FORM_DIALOG, a);
    const remove = (a: Application) =>
      askConfirmation({ kind: 'delete', name: a.name, onConfirm: () => deleteApplication(a) });
    return [
      { field: 'name', headerName: t('applications.columns.name'), flex: 1, minWidth: 160 },
      {
        field: 'type',
        headerName: t('applications.columns.type'),
        minWidth: 150,
        valueFormatter: (value: Application['type']) => t(`applications.types.${value}`),
      },
      {
        field: 'clientId',
        headerName: t('applications.columns.clientId'),
        flex: 1,
        minWidth: 200,
        cellClassName: 'monospace',
      },
      {
        field: 'defaultFlow',
        headerName: t('applications.columns.defaultFlow'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.defaultFlow?.name ?? '—',
      },
      { field: 'app_roles_count', headerName: t('applications.columns.appRoles'), type: 'number', minWidth: 110 },
      {
        field: 'actions',
        headerName: t('applications.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Box onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t('applications.edit')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('applications.editNamed', { name: row.name })}
                onClick={() => edit(row)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('applications.delete')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('applications.deleteNamed', { name: row.name })}
                onClick={() => remove(row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ];
  }, [t, deleteApplication]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('applications.noRows')}
      onRowClick={({ row }) => navigate(`/applications/${encodeURIComponent(row.id)}`)}
      sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .monospace': { fontFamily: 'monospace' } }}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <SearchField label={t('applications.search')} value={searchText} onChange={setSearchText} />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(APPLICATION_FORM_DIALOG, null)}
          >
            {t('applications.new')}
          </Button>
        </Stack>
      }
    >
      <ApplicationFormDialog />
      <ClientSecretDialog />
    </ListPage>
  );
}
