import AddIcon from '@mui/icons-material/Add';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import BlockIcon from '@mui/icons-material/Block';
import KeyIcon from '@mui/icons-material/Key';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ManagerUser } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { FiltersButton } from '../../../components/filters/FiltersButton';
import { useListQuery } from '../../../components/filters/useListQuery';
import { PageHeader } from '../../../components/PageHeader';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useManagerUsers } from '../api/managerUsersApi';
import { ApiKeyDialog } from '../components/ApiKeyDialog';
import { CHANGE_EMAIL_DIALOG, ChangeEmailDialog } from '../components/ChangeEmailDialog';
import {
  MANAGER_USER_ACTION_DIALOG,
  type ManagerUserAction,
  ManagerUserActionDialog,
} from '../components/ManagerUserActionDialog';
import { MANAGER_USER_FORM_DIALOG, ManagerUserFormDialog } from '../components/ManagerUserFormDialog';
import {
  MANAGER_USER_FILTERS,
  type ManagerUserStatus,
  managerUserQueryOf,
  SCOPE_LABELS,
  statusOf,
} from '../lib/managerUserForm';

const STATUS_COLORS: Record<ManagerUserStatus, 'success' | 'error' | 'warning'> = {
  active: 'success',
  blocked: 'error',
  mustChangePassword: 'warning',
};

/**
 * A customer's manager users (the top bar is hidden: title from the `name` parameter, back
 * button, filters button here), with server paging, the email search in the filters drawer, and
 * per-row actions, each asked first.
 */
export default function ManagerUsersPage() {
  const { t, i18n } = useTranslation();
  const customerId = useParams().id ?? '';
  const [params] = useSearchParams();
  const name = params.get('name');
  const title = name ? `${t('routes.userManagement')}: ${name}` : t('routes.userManagement');
  const { page, pageSize } = usePaging();
  // The drawer's search only (the page hides the top bar): no search box of its own.
  const { query } = useListQuery(MANAGER_USER_FILTERS, managerUserQueryOf);
  const list = useManagerUsers(customerId, page, pageSize, query);

  const columns = useMemo<GridColDef<ManagerUser>[]>(() => {
    const ask = (user: ManagerUser, action: ManagerUserAction) =>
      openDialog(MANAGER_USER_ACTION_DIALOG, { user, action });
    return [
      {
        field: 'email',
        headerName: t('managerUsers.columns.email'),
        flex: 1.5,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1 }}>
            <div>{row.email}</div>
            {row.pending_email && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', fontStyle: 'italic' }}
                data-testid="pending-email"
              >
                {t('managerUsers.pendingEmail', { email: row.pending_email })}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'scopes',
        headerName: t('managerUsers.columns.scopes'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
            {row.scopes.map((s) => (
              <Chip key={s} size="small" label={s} title={t(SCOPE_LABELS[s])} />
            ))}
          </Box>
        ),
      },
      {
        field: 'expiration',
        headerName: t('managerUsers.columns.expiration'),
        minWidth: 140,
        valueGetter: (_v, row) =>
          row.has_api_key
            ? row.expiration
              ? formatDateTime(row.expiration, i18n.language)
              : t('managerUsers.noExpiration')
            : t('managerUsers.noApiKey'),
      },
      {
        field: 'created_at',
        headerName: t('managerUsers.columns.createdAt'),
        minWidth: 110,
        valueFormatter: (value: string) => formatDate(value, i18n.language),
      },
      {
        field: 'license_expiration',
        headerName: t('managerUsers.columns.licenseExpiration'),
        minWidth: 130,
        valueFormatter: (value: string | null) => formatDate(value, i18n.language),
      },
      {
        field: 'status',
        headerName: t('managerUsers.columns.status'),
        minWidth: 130,
        valueGetter: (_v, row) => t(`managerUsers.status.${statusOf(row)}`),
        // A long status ("Must change password") wraps inside its chip rather than widening the grid.
        renderCell: ({ row, value }) => (
          <Chip
            size="small"
            color={STATUS_COLORS[statusOf(row)]}
            label={value}
            sx={{ my: 1, height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
          />
        ),
      },
      {
        field: 'actions',
        headerName: t('managerUsers.columns.actions'),
        sortable: false,
        // Five icon buttons (40 px each) side by side and the cell's padding: never narrower, so
        // the whole row of actions shows on a 1440 px screen beside the menu; the other columns
        // take the rest.
        width: 220,
        minWidth: 220,
        renderCell: ({ row }) => (
          <RowActions
            actions={[
              {
                title: t('managerUsers.actions.resetApiKey'),
                label: t('managerUsers.actions.resetApiKeyNamed', { email: row.email }),
                icon: <KeyIcon fontSize="small" />,
                dialog: true,
                onClick: () => ask(row, 'resetApiKey'),
              },
              {
                title: t('managerUsers.actions.resetPassword'),
                label: t('managerUsers.actions.resetPasswordNamed', { email: row.email }),
                icon: <LockResetIcon fontSize="small" />,
                dialog: true,
                onClick: () => ask(row, 'resetPassword'),
              },
              {
                title: t('managerUsers.actions.changeEmail'),
                label: t('managerUsers.actions.changeEmailNamed', { email: row.email }),
                icon: <AlternateEmailIcon fontSize="small" />,
                dialog: true,
                onClick: () => openDialog(CHANGE_EMAIL_DIALOG, row),
              },
              row.blocked
                ? {
                    title: t('managerUsers.actions.unblock'),
                    label: t('managerUsers.actions.unblockNamed', { email: row.email }),
                    icon: <LockOpenIcon fontSize="small" />,
                    dialog: true,
                    onClick: () => ask(row, 'unblock'),
                  }
                : {
                    title: t('managerUsers.actions.block'),
                    label: t('managerUsers.actions.blockNamed', { email: row.email }),
                    icon: <BlockIcon fontSize="small" />,
                    dialog: true,
                    onClick: () => ask(row, 'block'),
                  },
            ]}
            edit={{
              title: t('managerUsers.actions.edit'),
              label: t('managerUsers.actions.editNamed', { email: row.email }),
              onClick: () => openDialog(MANAGER_USER_FORM_DIALOG, row),
            }}
          />
        ),
      },
    ];
  }, [t, i18n.language]);

  return (
    <>
      <PageHeader title={title} backTo="/customer-view" actions={<FiltersButton color="primary" />} />
      <ListPage
        list={list}
        columns={columns}
        noRowsLabel={t('managerUsers.noRows')}
        getRowHeight={() => 'auto'}
        toolbar={
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <Typography variant="body2" color="text.secondary">
              {t('managerUsers.intro')}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(MANAGER_USER_FORM_DIALOG, null)}
            >
              {t('managerUsers.new')}
            </Button>
          </Stack>
        }
      >
        <ManagerUserFormDialog customerId={customerId} />
        <ManagerUserActionDialog customerId={customerId} />
        <ApiKeyDialog />
        <ChangeEmailDialog customerId={customerId} />
      </ListPage>
    </>
  );
}
