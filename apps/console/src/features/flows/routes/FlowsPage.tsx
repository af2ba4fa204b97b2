import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { CREDENTIAL_TYPES, type CredentialType, type Flow } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { useDeleteFlow, useFlows } from '../api/flowsApi';
import { FLOW_FORM_DIALOG, FlowFormDialog } from '../components/FlowFormDialog';
import { flowFilterDefinitions, flowQueryOf } from '../lib/flowQuery';
import { stagesSummary } from '../lib/flowStages';

/** Flows with server paging, search and a credential filter; create, edit, delete. */
export default function FlowsPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePaging();
  const kindLabel = useMemo(() => (k: CredentialType) => t(`credentials.types.${k}`), [t]);
  const definitions = useMemo(
    () => flowFilterDefinitions(CREDENTIAL_TYPES.map((k) => ({ value: k, label: kindLabel(k) }))),
    [kindLabel],
  );
  const { query, searchText, setSearchText } = useListQuery(definitions, flowQueryOf);
  const list = useFlows(page, pageSize, query);
  const { run: deleteFlow } = useDeleteFlow({ success: (t) => t('success.objectDeleted') });

  const columns = useMemo<GridColDef<Flow>[]>(() => {
    const edit = (f: Flow) => openDialog(FLOW_FORM_DIALOG, f);
    const remove = (f: Flow) => askConfirmation({ kind: 'delete', name: f.name, onConfirm: () => deleteFlow(f) });
    const or = t('flows.or');
    return [
      { field: 'name', headerName: t('flows.columns.name'), flex: 1, minWidth: 150 },
      {
        field: 'stages',
        headerName: t('flows.columns.stages'),
        flex: 2,
        minWidth: 260,
        valueGetter: (_v, row) => stagesSummary(row.stages, kindLabel, or),
        renderCell: ({ row }) => (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
            {row.stages.map((kinds, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its position
              <Stack key={i} direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                {i > 0 && <Typography aria-hidden>→</Typography>}
                <Chip size="small" label={`${i + 1}. ${kinds.map(kindLabel).join(` ${or} `)}`} />
              </Stack>
            ))}
          </Stack>
        ),
      },
      {
        field: 'terminatingCredentials',
        headerName: t('flows.columns.terminating'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => row.terminatingCredentials.map(kindLabel).join(', ') || '—',
      },
      { field: 'applications_count', headerName: t('flows.columns.applications'), type: 'number', minWidth: 110 },
      { field: 'app_roles_count', headerName: t('flows.columns.appRoles'), type: 'number', minWidth: 100 },
      {
        field: 'actions',
        headerName: t('flows.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Box onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t('flows.edit')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('flows.editNamed', { name: row.name })}
                onClick={() => edit(row)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('flows.delete')}>
              <IconButton
                aria-haspopup="dialog"
                aria-label={t('flows.deleteNamed', { name: row.name })}
                onClick={() => remove(row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ];
  }, [t, kindLabel, deleteFlow]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('flows.noRows')}
      onRowClick={({ row }) => openDialog(FLOW_FORM_DIALOG, row as Flow)}
      getRowHeight={() => 'auto'}
      sx={{ '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 } }}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <SearchField label={t('flows.search')} value={searchText} onChange={setSearchText} />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(FLOW_FORM_DIALOG, null)}
          >
            {t('flows.new')}
          </Button>
        </Stack>
      }
    >
      <FlowFormDialog />
    </ListPage>
  );
}
