import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { GridRowId, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { loadFailure } from '../../../components/feedback/LoadError';
import { useFilters } from '../../../components/filters/filtersStore';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { SearchField } from '../../../components/SearchField';
import { useFirstPageOn, usePaging } from '../../../components/table/pagingStore';
import { useDebounced } from '../../../lib/useDebounced';
import { type BulkAction, useBulkMembers, useConfigurationOptions, useMembersWithCount } from '../api/membersApi';
import { EXPORT_DIALOG, ExportDialog } from '../components/ExportDialog';
import { MEMBER_FORM_DIALOG, MemberFormDialog } from '../components/MemberFormDialog';
import { memberFilterDefinitions, memberQueryOf, NO_GROUP } from '../lib/memberQuery';

/** The grid is its own chunk: the page (title, toolbar, filters) shows while it loads. */
const MembersGrid = lazy(() => import('../components/MembersGrid'));
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** Members with server paging, sorting, search, drawer filters, export and bulk actions. */
export default function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  const configurations = useConfigurationOptions();

  const typeLabels = useMemo(
    () =>
      Object.fromEntries(CREDENTIAL_TYPES.map((ty) => [ty, t(`credentials.types.${ty}`)])) as Record<
        CredentialType,
        string
      >,
    [t],
  );
  const configurationList = configurations.data?.results;
  // The filters offer labels in the current language but hold ids and codes.
  const definitions = useMemo(
    () =>
      memberFilterDefinitions(
        [
          { value: NO_GROUP, label: t('members.noGroup') },
          ...(configurationList ?? []).map((g) => ({ value: g.id, label: g.name })),
        ],
        CREDENTIAL_TYPES.map((ty) => ({ value: ty, label: typeLabels[ty] })),
      ),
    [configurationList, typeLabels, t],
  );
  const applied = useFilters(definitions);

  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const [sort, setSort] = useState<GridSortModel>([]);
  const query = useMemo(() => memberQueryOf(applied, { search, sort }), [applied, search, sort]);

  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  // A new search, filter or order starts again from page 1, with nothing selected.
  useFirstPageOn(JSON.stringify(query), () => setSelection(EMPTY_SELECTION));

  // A search matching many members first shows its count as an estimate, then the exact one.
  const { list, count, countEstimated } = useMembersWithCount(page, pageSize, query);

  const rows = list.data?.results ?? [];
  const selectedIds: string[] =
    selection.type === 'include'
      ? [...selection.ids].map(String)
      : rows.filter((r) => !selection.ids.has(r.id as GridRowId)).map((r) => r.id);

  const bulk = useBulkMembers({
    // Many users at once: the feedback dialog says what runs, then how it went.
    feedbackDialog: (t, { action, ids }) => t(`members.bulk.running.${action}`, { count: ids.length }),
    success: (t, r) => ({
      type: r.skipped > 0 ? 'warning' : 'success',
      message: t('members.bulk.result', { done: r.done, skipped: r.skipped }),
    }),
    onSuccess: () => setSelection(EMPTY_SELECTION),
  });
  const runBulk = (action: BulkAction) => bulk.run({ action, ids: selectedIds });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <SearchField label={t('members.search')} value={searchText} onChange={setSearchText} />
        <Box sx={{ flex: 1 }} />
        {selectedIds.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            role="toolbar"
            aria-label={t('members.selected', { count: selectedIds.length })}
          >
            <Typography variant="body2">{t('members.selected', { count: selectedIds.length })}</Typography>
            <Button size="small" onClick={() => runBulk('block')}>
              {t('members.bulk.block')}
            </Button>
            <Button size="small" onClick={() => runBulk('unblock')}>
              {t('members.bulk.unblock')}
            </Button>
            <Button
              size="small"
              color="error"
              aria-haspopup="dialog"
              onClick={() =>
                askConfirmation({
                  kind: 'delete',
                  name: t('members.selectionName', { count: selectedIds.length }),
                  onConfirm: () => runBulk('delete'),
                })
              }
            >
              {t('members.bulk.delete')}
            </Button>
            <Button size="small" onClick={() => runBulk('send_enrollment')}>
              {t('members.bulk.sendEnrollment')}
            </Button>
          </Stack>
        )}
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          aria-haspopup="dialog"
          onClick={() => openDialog(EXPORT_DIALOG, query)}
        >
          {t('members.export')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          aria-haspopup="dialog"
          onClick={() => openDialog(MEMBER_FORM_DIALOG, null)}
        >
          {t('members.newUser')}
        </Button>
      </Stack>
      <Paper sx={{ width: '100%' }}>
        <Suspense fallback={<Spinner />}>
          <MembersGrid
            failure={loadFailure(list)}
            rows={rows}
            rowCount={count}
            countEstimated={countEstimated}
            loading={list.isFetching}
            sort={sort}
            onSortChange={setSort}
            selection={selection}
            onSelectionChange={setSelection}
            onOpen={(row) => navigate(`/users/${encodeURIComponent(row.id)}`)}
            typeLabels={typeLabels}
          />
        </Suspense>
      </Paper>
      <MemberFormDialog onSaved={(m) => navigate(`/users/${encodeURIComponent(m.id)}`)} />
      <ExportDialog />
    </Stack>
  );
}
