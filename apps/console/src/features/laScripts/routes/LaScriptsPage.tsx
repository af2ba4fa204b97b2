import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { LaScript } from '@portiere/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import type { FilterDefinitionOf } from '../../../components/filters/filterTypes';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { formatDateTime } from '../../../lib/format';
import { meQuery } from '../../../lib/session';
import { type LaScriptQuery, useDeleteScript, useDownloadScript, useLaScripts } from '../api/laScriptsApi';
import { UPLOAD_SCRIPT_DIALOG, UploadScriptDialog } from '../components/UploadScriptDialog';
import { kilobytes } from '../lib/scriptFile';

/** The drawer of the scripts list: the days they were uploaded. */
const SCRIPT_FILTERS: FilterDefinitionOf<LaScriptQuery>[] = [
  {
    type: 'group',
    key: 'uploaded',
    label: 'laScripts.filters.uploaded',
    children: [
      { type: 'date', key: 'uploaded_after', label: 'laScripts.filters.from' },
      { type: 'date', key: 'uploaded_before', label: 'laScripts.filters.to' },
    ],
  },
];

/**
 * A customer's login-assistant scripts (the route guard lets only customers with the login
 * assistant through): paged and searched list, upload, download under the script's name, delete.
 */
export default function LaScriptsPage() {
  const { t, i18n } = useTranslation();
  const customerId = useParams().id ?? '';
  // The guard has read me/ already: the customer's name comes from there.
  const customerName = useQuery(meQuery()).data?.customers.find((c) => c.id === customerId)?.name ?? '';
  const { page, pageSize } = usePaging();
  const { query, searchText, setSearchText } = useListQuery<LaScriptQuery>(SCRIPT_FILTERS);
  const list = useLaScripts(customerId, page, pageSize, query);
  const { run: download } = useDownloadScript(customerId);
  const { run: remove } = useDeleteScript(customerId, { success: (t) => t('success.objectDeleted') });

  const columns = useMemo<GridColDef<LaScript>[]>(
    () => [
      { field: 'name', headerName: t('laScripts.columns.name'), flex: 1.5, minWidth: 180 },
      { field: 'version', headerName: t('laScripts.columns.version'), flex: 0.7, minWidth: 100 },
      {
        field: 'size',
        headerName: t('laScripts.columns.size'),
        minWidth: 100,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => t('laScripts.sizeKb', { size: kilobytes(row.size) }),
      },
      {
        field: 'uploaded_at',
        headerName: t('laScripts.columns.uploadedAt'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(value, i18n.language),
      },
      { field: 'uploaded_by', headerName: t('laScripts.columns.uploadedBy'), flex: 1, minWidth: 180 },
      {
        field: 'actions',
        headerName: t('laScripts.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <RowActions
            actions={[
              {
                title: t('laScripts.download'),
                label: t('laScripts.downloadNamed', { name: row.name }),
                icon: <DownloadIcon fontSize="small" />,
                onClick: () => void download(row),
              },
            ]}
            remove={{
              title: t('laScripts.delete'),
              label: t('laScripts.deleteNamed', { name: row.name }),
              onClick: () => askConfirmation({ kind: 'delete', name: row.name, onConfirm: () => remove(row) }),
            }}
          />
        ),
      },
    ],
    [t, i18n.language, download, remove],
  );

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('laScripts.noRows')}
      toolbar={
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button component={RouterLink} to="/customer-view" startIcon={<ArrowBackIcon />}>
              {t('laScripts.back')}
            </Button>
            <Typography variant="body2" color="text.secondary" data-testid="scripts-customer">
              {t('laScripts.intro', { name: customerName })}
            </Typography>
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <SearchField label={t('laScripts.search')} value={searchText} onChange={setSearchText} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<UploadFileIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(UPLOAD_SCRIPT_DIALOG)}
            >
              {t('laScripts.upload')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <UploadScriptDialog customerId={customerId} />
    </ListPage>
  );
}
