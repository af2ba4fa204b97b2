import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Alert, Box, Button, Card, CardContent, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Member } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogName, openDialog } from '../../../components/dialogs/dialogRegistry';
import { loadFailure } from '../../../components/feedback/LoadError';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { AddMembersDialog } from '../../../components/members/AddMembersDialog';
import { PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../components/table/pagingStore';
import { ServerDataGrid } from '../../../components/table/ServerDataGrid';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import {
  useAddConfigurationMembers,
  useConfiguration,
  useConfigurationMembers,
  useRemoveConfigurationMember,
} from '../api/configurationsApi';
import { AllowedChips } from '../components/AllowedChips';
import { CONFIGURATION_FORM_DIALOG, ConfigurationFormDialog } from '../components/ConfigurationFormDialog';

const ADD_DIALOG = dialogName('configuration-add-members');

/** One configuration: its settings and its members (paged), with Add users and Remove. */
export default function ConfigurationDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { page, pageSize } = usePaging();
  const configuration = useConfiguration(id);
  const members = useConfigurationMembers(id, page, pageSize);
  const addMembers = useAddConfigurationMembers(id);
  const removeMember = useRemoveConfigurationMember(id, {
    success: (t, _r, m) => t('configurations.members.removed', { name: m.username }),
  });
  const { run: remove } = removeMember;

  const columns = useMemo<GridColDef<Member>[]>(() => {
    return [
      { field: 'username', headerName: t('configurations.members.username'), flex: 1.5, minWidth: 200 },
      { field: 'full_name', headerName: t('configurations.members.fullName'), flex: 1, minWidth: 150 },
      { field: 'email', headerName: t('configurations.members.email'), flex: 1.5, minWidth: 200 },
      {
        field: 'actions',
        headerName: t('configurations.columns.actions'),
        sortable: false,
        minWidth: 100,
        renderCell: ({ row }) => (
          <Tooltip title={t('configurations.members.remove')}>
            <IconButton
              aria-haspopup="dialog"
              aria-label={t('configurations.members.removeNamed', { name: row.username })}
              onClick={() =>
                askConfirmation({ kind: 'disassociate', name: row.username, onConfirm: () => remove(row) })
              }
            >
              <PersonRemoveIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ];
  }, [t, remove]);

  if (configuration.isPending) return <Spinner />;
  if (!configuration.data)
    return (
      <Stack spacing={2}>
        <PageHeader title={t('routes.configurations')} backTo="/groups" />
        <Alert severity="warning">{errorMessage(t, configuration.error)}</Alert>
      </Stack>
    );
  const g = configuration.data;
  return (
    <Stack spacing={2}>
      <PageHeader title={g.name} backTo="/groups" />
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <Box sx={{ flex: 1 }}>
              {g.description && <Typography sx={{ mb: 1 }}>{g.description}</Typography>}
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('configurations.summary', {
                  biometry: t(`configurations.biometry.${g.app_credential_biometry}`),
                  workstation: t(g.workstation_login_enabled ? 'common.enabled' : 'common.disabled'),
                  web: t(g.web_login_enabled ? 'common.enabled' : 'common.disabled'),
                })}
              </Typography>
              <AllowedChips group={g} showForbidden />
            </Box>
            <Button
              startIcon={<EditIcon />}
              variant="outlined"
              aria-haspopup="dialog"
              onClick={() => openDialog(CONFIGURATION_FORM_DIALOG, g)}
            >
              {t('configurations.edit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('configurations.members.title', { count: g.members_count })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          aria-haspopup="dialog"
          onClick={() => openDialog(ADD_DIALOG)}
        >
          {t('configurations.members.add')}
        </Button>
      </Stack>
      <Paper sx={{ width: '100%' }}>
        <ServerDataGrid
          failure={loadFailure(members)}
          rows={members.data?.results ?? []}
          rowCount={members.data?.count ?? 0}
          columns={columns}
          loading={members.isFetching}
          disableColumnSorting
          disableRowSelectionOnClick
          noRowsLabel={t('configurations.members.noRows')}
          sx={{ minHeight: 300 }}
        />
      </Paper>
      <ConfigurationFormDialog />
      <AddMembersDialog
        dialog={ADD_DIALOG}
        title={t('configurations.members.addTitle', { name: g.name })}
        intro={t('configurations.members.addIntro')}
        submitLabel={t('configurations.members.add')}
        onAdd={addMembers.run}
      />
    </Stack>
  );
}
