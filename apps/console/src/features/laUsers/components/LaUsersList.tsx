import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { LaUser } from '@portiere/contracts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import type { PickedMember } from '../../../components/members/MemberPicker';
import { ListPage } from '../../../components/table/ListPage';
import { useFirstPageOn, usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { formatDateTime } from '../../../lib/format';
import { type LaUserQuery, useDeleteLaUser, useLaUsers } from '../api/laUsersApi';
import { LA_USER_FORM_DIALOG, LaUserFormDialog } from './LaUserFormDialog';

interface Props {
  query: LaUserQuery;
  /** Before the add button: intro, search. */
  toolbar?: ReactNode;
  /** The add dialog starts with this member or login group. */
  preset?: { member?: PickedMember; loginGroupId?: string };
  /** Columns a scoped list leaves out (all rows share them). */
  hide?: ('member' | 'loginGroup')[];
  addLabel: string;
  noRowsLabel: string;
}

/** Login-assistant credentials with server paging, add, edit and delete; never a password. */
export function LaUsersList({ query, toolbar, preset, hide = [], addLabel, noRowsLabel }: Props) {
  const { t, i18n } = useTranslation();
  const { page, pageSize } = usePaging();
  useFirstPageOn(JSON.stringify(query));
  const list = useLaUsers(page, pageSize, query);
  const { run: deleteLaUser } = useDeleteLaUser({ success: (t) => t('success.objectDeleted') });
  const columns = useMemo<GridColDef<LaUser>[]>(() => {
    const yesNo = (v: boolean) => t(v ? 'laUsers.yes' : 'laUsers.no');
    const nameOf = (u: LaUser) => u.member.full_name || u.member.username;
    const all: (GridColDef<LaUser> & { field: string })[] = [
      {
        field: 'member',
        headerName: t('laUsers.columns.member'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) =>
          row.member.full_name ? `${row.member.full_name} (${row.member.username})` : row.member.username,
      },
      {
        field: 'loginGroup',
        headerName: t('laUsers.columns.loginGroup'),
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => row.loginGroup.name,
      },
      { field: 'username', headerName: t('laUsers.columns.username'), flex: 1, minWidth: 140 },
      {
        field: 'autologon',
        headerName: t('laUsers.columns.autologon'),
        minWidth: 110,
        valueGetter: (_v, row) => yesNo(row.autologon),
      },
      {
        field: 'password_generated',
        headerName: t('laUsers.columns.generated'),
        minWidth: 150,
        valueGetter: (_v, row) => yesNo(row.password_generated),
      },
      {
        field: 'password_changed_at',
        headerName: t('laUsers.columns.changedAt'),
        minWidth: 170,
        valueGetter: (_v, row) => formatDateTime(row.password_changed_at, i18n.language),
      },
      {
        field: 'actions',
        headerName: t('laUsers.columns.actions'),
        sortable: false,
        minWidth: 110,
        renderCell: ({ row }) => (
          <RowActions
            edit={{
              title: t('laUsers.edit'),
              label: t('laUsers.editNamed', { name: nameOf(row) }),
              onClick: () => openDialog(LA_USER_FORM_DIALOG, { laUser: row }),
            }}
            remove={{
              title: t('laUsers.delete'),
              label: t('laUsers.deleteNamed', { name: nameOf(row) }),
              onClick: () =>
                askConfirmation({
                  kind: 'delete',
                  name: `${row.username} (${nameOf(row)}, ${row.loginGroup.name})`,
                  onConfirm: () => deleteLaUser(row),
                }),
            }}
          />
        ),
      },
    ];
    return all.filter((c) => !hide.includes(c.field as 'member' | 'loginGroup'));
  }, [t, i18n.language, deleteLaUser, hide]);

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={noRowsLabel}
      onRowClick={({ row }) => openDialog(LA_USER_FORM_DIALOG, { laUser: row as LaUser })}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          {toolbar}
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(LA_USER_FORM_DIALOG, { laUser: null, ...preset })}
          >
            {addLabel}
          </Button>
        </Stack>
      }
    >
      <LaUserFormDialog />
    </ListPage>
  );
}
