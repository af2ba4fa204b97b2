import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Profile } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { useDeleteProfile, useProfileChoices, useProfiles } from '../api/profilesApi';
import { PROFILE_FORM_DIALOG, ProfileFormDialog } from '../components/ProfileFormDialog';
import { profileFilterDefinitions, profileQueryOf } from '../lib/profileForm';

const asOptions = (rows: { id: string; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

/** Profiles with server paging, search and filters by app, configuration group and flow. */
export default function ProfilesPage() {
  const { t } = useTranslation();
  const { page, pageSize } = usePaging();
  const apps = useProfileChoices('apps').data;
  const groups = useProfileChoices('groups').data;
  const flows = useProfileChoices('flows').data;
  const definitions = useMemo(
    () => profileFilterDefinitions({ apps: asOptions(apps), groups: asOptions(groups), flows: asOptions(flows) }),
    [apps, groups, flows],
  );
  const { query, searchText, setSearchText } = useListQuery(definitions, profileQueryOf);
  const list = useProfiles(page, pageSize, query);
  const { run: deleteProfile } = useDeleteProfile({ success: (t) => t('success.objectDeleted') });

  const columns = useMemo<GridColDef<Profile>[]>(
    () => [
      {
        field: 'displayName',
        headerName: t('profiles.columns.displayName'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <span>{row.displayName}</span>
            {row.is_default && (
              <Chip size="small" color="primary" label={t('profiles.isDefault')} title={t('profiles.isDefaultHint')} />
            )}
          </Stack>
        ),
      },
      {
        field: 'app',
        headerName: t('profiles.columns.app'),
        flex: 1,
        minWidth: 130,
        valueGetter: (_v, row) => row.app.name,
      },
      {
        field: 'group',
        headerName: t('profiles.columns.group'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.group.name,
      },
      {
        field: 'flow',
        headerName: t('profiles.columns.flow'),
        flex: 1,
        minWidth: 120,
        valueGetter: (_v, row) => row.flow?.name ?? t('profiles.noFlow'),
      },
      {
        field: 'steps',
        headerName: t('profiles.columns.steps'),
        type: 'number',
        minWidth: 80,
        valueGetter: (_v, row) => row.steps.length,
      },
      {
        field: 'actions',
        headerName: t('profiles.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <RowActions
            edit={{
              title: t('profiles.edit'),
              label: t('profiles.editNamed', { name: row.displayName }),
              onClick: () => openDialog(PROFILE_FORM_DIALOG, row),
            }}
            remove={{
              title: t('profiles.delete'),
              label: t('profiles.deleteNamed', { name: row.displayName }),
              onClick: () =>
                askConfirmation({ kind: 'delete', name: row.displayName, onConfirm: () => deleteProfile(row) }),
            }}
          />
        ),
      },
    ],
    [t, deleteProfile],
  );

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('profiles.noRows')}
      onRowClick={({ row }) => openDialog(PROFILE_FORM_DIALOG, row as Profile)}
      toolbar={
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('profiles.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <SearchField label={t('profiles.search')} value={searchText} onChange={setSearchText} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(PROFILE_FORM_DIALOG, null)}
            >
              {t('profiles.new')}
            </Button>
          </Stack>
        </Stack>
      }
    >
      <ProfileFormDialog />
    </ListPage>
  );
}
