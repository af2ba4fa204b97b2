import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { useDeleteRole, useRole } from '../api/rolesApi';
import { ROLE_FORM_DIALOG, RoleFormDialog } from '../components/RoleFormDialog';
import { RoleUsersList } from '../components/RoleUsersList';

const TABS = ['info', 'users'] as const;
type TabId = (typeof TABS)[number];

/** A role group with the tabs Info and Users (authorised and unauthorised users). */
export default function RoleDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const role = useRole(id);
  const del = useDeleteRole({ success: (t) => t('success.objectDeleted'), onSuccess: () => navigate('/roles') });
  const [tab, setTab] = useState<TabId>('info');

  if (role.isPending) return <Spinner />;
  if (!role.data)
    return (
      <Stack spacing={2}>
        <PageHeader title={t('routes.roles')} backTo="/roles" />
        <Alert severity="warning">{errorMessage(t, role.error)}</Alert>
      </Stack>
    );
  const r = role.data;
  const remove = () => askConfirmation({ kind: 'delete', name: r.name, onConfirm: () => del.run(r) });

  return (
    <Stack spacing={2}>
      <PageHeader title={r.name} backTo="/roles" />
      <Paper>
        <Tabs value={tab} onChange={(_, v: TabId) => setTab(v)}>
          {TABS.map((tid) => (
            <Tab key={tid} value={tid} label={t(`roles.tabs.${tid}`)} id={`role-tab-${tid}`} />
          ))}
        </Tabs>
        <Box sx={{ p: 3 }} role="tabpanel" aria-labelledby={`role-tab-${tab}`}>
          {tab === 'info' ? (
            <Stack spacing={2}>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
                <Typography component="dt" color="text.secondary">
                  {t('roles.form.name')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {r.name}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  {t('roles.form.description')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {r.description || '—'}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  {t('roles.columns.users')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }} data-testid="role-users-count">
                  {r.users_count}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  {t('roles.columns.created')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {formatDateTime(r.created_at, i18n.language)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1}>
                <Button
                  variant="outlined"
                  startIcon={<EditIcon />}
                  aria-haspopup="dialog"
                  onClick={() => openDialog(ROLE_FORM_DIALOG, r)}
                >
                  {t('roles.edit')}
                </Button>
                <Button color="error" startIcon={<DeleteIcon />} aria-haspopup="dialog" onClick={remove}>
                  {t('roles.delete')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <Stack spacing={3}>
              <RoleUsersList roleId={r.id} authorised />
              <RoleUsersList roleId={r.id} authorised={false} />
            </Stack>
          )}
        </Box>
      </Paper>
      <RoleFormDialog />
    </Stack>
  );
}
