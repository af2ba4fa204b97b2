import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE, type Member } from '@portiere/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { useDebounced } from '../../../lib/useDebounced';
import { useGridLocale } from '../../../lib/useGridLocale';
import { useAuthoriseRoleUser, useRemoveRoleUser, useRoleUsers } from '../api/rolesApi';

const PAGE_SIZES = [10, 25, 50];

/** Authorised (Remove) or unauthorised (Authorise) users of a role, searchable and paged. */
export function RoleUsersList({ roleId, authorised }: { roleId: string; authorised: boolean }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const [paging, setPaging] = useState({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const list = useRoleUsers(roleId, { authorised, search, page: paging.page + 1, pageSize: paging.pageSize });
  const which = authorised ? 'authorised' : 'unauthorised';
  const { run: authorise } = useAuthoriseRoleUser(roleId, {
    success: (t, _r, m) => t('roles.users.authorisedDone', { name: m.username }),
  });
  const { run: removeUser } = useRemoveRoleUser(roleId, {
    success: (t, _r, m) => t('roles.users.removedDone', { name: m.username }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts from the first page
  useEffect(() => setPaging((p) => ({ ...p, page: 0 })), [search]);

  const columns = useMemo<GridColDef<Member>[]>(() => {
    const remove = (m: Member) =>
      askConfirmation({ kind: 'disassociate', name: m.username, onConfirm: () => removeUser(m) });
    return [
      { field: 'username', headerName: t('roles.users.username'), flex: 1.5, minWidth: 200 },
      { field: 'full_name', headerName: t('roles.users.fullName'), flex: 1, minWidth: 140 },
      {
        field: 'actions',
        headerName: t('roles.columns.actions'),
        sortable: false,
        minWidth: 130,
        renderCell: ({ row }) =>
          authorised ? (
            <Button
              size="small"
              color="warning"
              aria-haspopup="dialog"
              aria-label={t('roles.users.removeNamed', { name: row.username })}
              onClick={() => remove(row)}
            >
              {t('roles.users.remove')}
            </Button>
          ) : (
            <Button
              size="small"
              aria-label={t('roles.users.authoriseNamed', { name: row.username })}
              onClick={() => authorise(row)}
            >
              {t('roles.users.authorise')}
            </Button>
          ),
      },
    ];
  }, [t, authorised, authorise, removeUser]);

  const localeText = useGridLocale(t(`roles.users.${which}Empty`));
  const failure = loadFailure(list);

  return (
    <Box component="section" data-testid={`role-users-${which}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {t(`roles.users.${which}`, { count: list.data?.count ?? 0 })}
        </Typography>
        <TextField
          type="search"
          size="small"
          label={t(`roles.users.search`)}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      <Paper variant="outlined">
        {failure ? (
          <LoadError failure={failure} data-testid="list-error" />
        ) : (
          <DataGrid
            rows={list.data?.results ?? []}
            rowCount={list.data?.count ?? 0}
            columns={columns}
            loading={list.isFetching}
            paginationMode="server"
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            pageSizeOptions={PAGE_SIZES}
            disableColumnMenu
            disableColumnFilter
            disableColumnSorting
            disableRowSelectionOnClick
            localeText={localeText}
            sx={{ minHeight: 300 }}
          />
        )}
      </Paper>
    </Box>
  );
}
