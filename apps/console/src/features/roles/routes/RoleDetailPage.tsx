import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { deleteRole, roleQuery } from '../api/rolesApi';
import { ROLE_FORM_DIALOG, RoleFormDialog } from '../components/RoleFormDialog';
import { RoleUsersList } from '../components/RoleUsersList';

const TABS = ['info', 'users'] as const;
type TabId = (typeof TABS)[number];

/** A role group with the tabs Info and Users (authorised and unauthorised users). */
export default function RoleDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const role = useQuery({ ...roleQuery(id), retry: false });
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
  const remove = () =>
    askConfirmation({
      kind: 'delete',
      name: r.name,
      onConfirm: async () => {
        try {
          await deleteRole(r.id);
          feedback.push({ type: 'success', message: t('success.objectDeleted') });
          await queryClient.invalidateQueries({ queryKey: ['roles'] });
          navigate('/roles');
        } catch (err) {
          feedback.push({ type: 'error', message: errorMessage(t, err) });
        }
      },
    });

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
                <Button variant="outlined" startIcon={<EditIcon />} onClick={() => dialogs.open(ROLE_FORM_DIALOG)}>
                  {t('roles.edit')}
                </Button>
                <Button color="error" startIcon={<DeleteIcon />} onClick={remove}>
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
      <RoleFormDialog role={r} />
    </Stack>
  );
}
