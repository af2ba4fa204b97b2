import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TemporaryCard } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { formatDate } from '../../../lib/format';
import { useDeleteTemporaryCard, useTemporaryCards, useUnpairTemporaryCard } from '../api/temporaryCardsApi';
import { CREATE_TEMPORARY_CARDS_DIALOG, CreateTemporaryCardsDialog } from '../components/CreateTemporaryCardsDialog';
import {
  STATUS_COLORS,
  statusLabelKey,
  temporaryCardFilterDefinitions,
  temporaryCardQueryOf,
} from '../lib/temporaryCardStatus';

/** Temporary cards with server paging, search, a status filter in the drawer, create, delete and unpair. */
export default function TemporaryCardsPage() {
  const { t, i18n } = useTranslation();
  const { page, pageSize } = usePaging();
  const { query, searchText, setSearchText } = useListQuery(temporaryCardFilterDefinitions, temporaryCardQueryOf);

  const list = useTemporaryCards(page, pageSize, query);
  const { run: deleteCard } = useDeleteTemporaryCard({ success: (t) => t('success.objectDeleted') });
  const { run: unpairCard } = useUnpairTemporaryCard();

  const columns = useMemo<GridColDef<TemporaryCard>[]>(() => {
    const name = (c: TemporaryCard) => t('temporaryCards.cardName', { code: c.cardCode });
    const remove = (c: TemporaryCard) =>
      askConfirmation({ kind: 'delete', name: name(c), onConfirm: () => deleteCard(c) });
    const unpair = (c: TemporaryCard) =>
      askConfirmation({
        kind: 'disassociate',
        name: name(c),
        onConfirm: () => (c.member ? unpairCard({ memberId: c.member.id, code: c.cardCode }) : undefined),
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
                aria-haspopup="dialog"
                aria-label={t('temporaryCards.unpairCard', { code: row.cardCode })}
                onClick={() => unpair(row)}
              >
                <LinkOffIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title={t('temporaryCards.delete')}>
              <IconButton
                aria-haspopup="dialog"
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
  }, [t, i18n.language, deleteCard, unpairCard]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('temporaryCards.noRows')}
      sx={{ minHeight: 400 }}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <SearchField label={t('temporaryCards.search')} value={searchText} onChange={setSearchText} />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(CREATE_TEMPORARY_CARDS_DIALOG)}
          >
            {t('temporaryCards.create.open')}
          </Button>
        </Stack>
      }
    >
      <CreateTemporaryCardsDialog />
    </ListPage>
  );
}
