import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TemporaryCard } from '@portiere/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { useQueryErrorFeedback } from '../../../components/feedback/useQueryErrorFeedback';
import { useFilters } from '../../../components/filters/filtersStore';
import { SearchField } from '../../../components/SearchField';
import { pagingStore, setPaging, usePaging } from '../../../components/table/pagingStore';
import { ServerDataGrid } from '../../../components/table/ServerDataGrid';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { useDebounced } from '../../../lib/useDebounced';
import { deleteTemporaryCard, temporaryCardsQuery, unpairTemporaryCard } from '../api/temporaryCardsApi';
import { CREATE_TEMPORARY_CARDS_DIALOG, CreateTemporaryCardsDialog } from '../components/CreateTemporaryCardsDialog';
import {
  STATUS_COLORS,
  statusLabelKey,
  temporaryCardFilterDefinitions,
  temporaryCardStatusParam,
} from '../lib/temporaryCardStatus';

/** Temporary cards with server paging, search, a status filter in the drawer, create, delete and unpair. */
export default function TemporaryCardsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { page, pageSize } = usePaging();
  const applied = useFilters(temporaryCardFilterDefinitions);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const status = temporaryCardStatusParam(applied);

  const key = JSON.stringify({ status, search });
  const previousKey = useRef(key);
  useEffect(() => {
    if (previousKey.current === key) return;
    previousKey.current = key;
    setPaging(1, pagingStore.getState().pageSize);
  }, [key]);

  const list = useQuery(temporaryCardsQuery(page, pageSize, { status, search }));
  useQueryErrorFeedback(list);

  const columns = useMemo<GridColDef<TemporaryCard>[]>(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: ['temporary-cards'] });
    const remove = (c: TemporaryCard) =>
      askConfirmation({
        kind: 'delete',
        name: t('temporaryCards.cardName', { code: c.cardCode }),
        onConfirm: async () => {
          try {
            await deleteTemporaryCard(c.id);
            feedback.push({ type: 'success', message: t('success.objectDeleted') });
          } catch (err) {
            feedback.push({ type: 'error', message: errorMessage(t, err) });
          } finally {
            await refresh();
          }
        },
      });
    const unpair = (c: TemporaryCard) =>
      askConfirmation({
        kind: 'disassociate',
        name: t('temporaryCards.cardName', { code: c.cardCode }),
        onConfirm: async () => {
          try {
            if (c.member) await unpairTemporaryCard(c.member.id);
            feedback.push({ type: 'success', message: t('temporaryCards.unpaired', { code: c.cardCode }) });
          } catch (err) {
            feedback.push({ type: 'error', message: errorMessage(t, err) });
          } finally {
            await refresh();
            await queryClient.invalidateQueries({ queryKey: ['workstation-users'] });
          }
        },
      });
    return [
      { field: 'cardCode', headerName: t('temporaryCards.columns.cardCode'), flex: 1, minWidth: 150 },
      {
        field: 'status',
        headerName: t('temporaryCards.columns.status'),
        minWidth: 140,
        renderCell: ({ row }) => (
          <Chip size="small" color={STATUS_COLORS[row.status]} label={t(statusLabelKey(row.status))} />
        ),
      },
      {
        field: 'member',
        headerName: t('temporaryCards.columns.member'),
        flex: 1.5,
        minWidth: 200,
        valueGetter: (_v, row) => row.member?.username ?? '',
        renderCell: ({ value }) => value || '—',
      },
      {
        field: 'expiration_date',
        headerName: t('temporaryCards.columns.expiration'),
        minWidth: 150,
        valueFormatter: (value: string | null) => formatDate(value, i18n.language),
      },
      {
        field: 'actions',
        headerName: t('temporaryCards.columns.actions'),
        sortable: false,
        minWidth: 120,
        renderCell: ({ row }) =>
          row.member && row.status === 'paired' ? (
            <Tooltip title={t('temporaryCards.unpair')}>
              <IconButton
                aria-label={t('temporaryCards.unpairCard', { code: row.cardCode })}
                onClick={() => unpair(row)}
              >
                <LinkOffIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title={t('temporaryCards.delete')}>
              <IconButton
                aria-label={t('temporaryCards.deleteCard', { code: row.cardCode })}
                onClick={() => remove(row)}
                disabled={row.status === 'paired'}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
      },
    ];
  }, [t, i18n.language, queryClient]);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <SearchField label={t('temporaryCards.search')} value={searchText} onChange={setSearchText} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialogs.open(CREATE_TEMPORARY_CARDS_DIALOG)}>
          {t('temporaryCards.create.open')}
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
          noRowsLabel={t('temporaryCards.noRows')}
          sx={{ minHeight: 400 }}
        />
      </Paper>
      <CreateTemporaryCardsDialog />
    </Stack>
  );
}
