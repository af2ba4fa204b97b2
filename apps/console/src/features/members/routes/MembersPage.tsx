import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { GridRowId, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { useQueryErrorFeedback } from '../../../components/feedback/useQueryErrorFeedback';
import { useFilters } from '../../../components/filters/filtersStore';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { SearchField } from '../../../components/SearchField';
import { pagingStore, setPaging, usePaging } from '../../../components/table/pagingStore';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { useDebounced } from '../../../lib/useDebounced';
import { type BulkAction, bulkMembers, groupsQuery, membersQuery } from '../api/membersApi';
import { EXPORT_DIALOG, ExportDialog } from '../components/ExportDialog';
import { MEMBER_FORM_DIALOG, MemberFormDialog } from '../components/MemberFormDialog';
import { memberFilterDefinitions, memberQueryOf } from '../lib/memberQuery';

/** The grid is its own chunk: the page (title, toolbar, filters) shows while it loads. */
const MembersGrid = lazy(() => import('../components/MembersGrid'));
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** Members with server paging, sorting, search, drawer filters, export and bulk actions. */
export default function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, pageSize } = usePaging();
  const groups = useQuery(groupsQuery());

  const typeLabels = useMemo(
    () =>
      Object.fromEntries(CREDENTIAL_TYPES.map((ty) => [ty, t(`credentials.types.${ty}`)])) as Record<
        CredentialType,
        string
      >,
    [t],
  );
  const groupList = groups.data?.results;
  const definitions = useMemo(
    () =>
      memberFilterDefinitions(
        [t('members.noGroup'), ...(groupList ?? []).map((g) => g.name)],
        Object.values(typeLabels),
      ),
    [groupList, typeLabels, t],
  );
  const applied = useFilters(definitions);

  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const [sort, setSort] = useState<GridSortModel>([]);
  const query = useMemo(
    () => memberQueryOf(applied, { search, sort, groups: groupList, typeLabels, noGroupLabel: t('members.noGroup') }),
    [applied, search, sort, groupList, typeLabels, t],
  );

  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  // A new search, filter or order starts again from page 1, with nothing selected.
  const queryKey = JSON.stringify(query);
  const previousKey = useRef(queryKey);
  useEffect(() => {
    if (previousKey.current === queryKey) return;
    previousKey.current = queryKey;
    setPaging(1, pagingStore.getState().pageSize);
    setSelection(EMPTY_SELECTION);
  }, [queryKey]);

  const list = useQuery(membersQuery(page, pageSize, query));
  useQueryErrorFeedback(list);

  const rows = list.data?.results ?? [];
  const selectedIds: string[] =
    selection.type === 'include'
      ? [...selection.ids].map(String)
      : rows.filter((r) => !selection.ids.has(r.id as GridRowId)).map((r) => r.id);

  const runBulk = async (action: BulkAction) => {
    try {
      const r = await bulkMembers(action, selectedIds);
      feedback.push({
        type: r.skipped > 0 ? 'warning' : 'success',
        message: t('members.bulk.result', { done: r.done, skipped: r.skipped }),
      });
      setSelection(EMPTY_SELECTION);
    } catch (err) {
      feedback.push({ type: 'error', message: errorMessage(t, err) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['members'] });
    }
  };

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
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => dialogs.open(EXPORT_DIALOG)}>
          {t('members.export')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialogs.open(MEMBER_FORM_DIALOG)}>
          {t('members.newUser')}
        </Button>
      </Stack>
      <Paper sx={{ width: '100%' }}>
        <Suspense fallback={<Spinner />}>
          <MembersGrid
            rows={rows}
            rowCount={list.data?.count ?? 0}
            loading={list.isFetching}
            page={page}
            pageSize={pageSize}
            sort={sort}
            onSortChange={setSort}
            selection={selection}
            onSelectionChange={setSelection}
            onOpen={(row) => navigate(`/users/${encodeURIComponent(row.id)}`)}
            typeLabels={typeLabels}
          />
        </Suspense>
      </Paper>
      <MemberFormDialog member={null} onSaved={(m) => navigate(`/users/${encodeURIComponent(m.id)}`)} />
      <ExportDialog query={query} />
    </Stack>
  );
}
