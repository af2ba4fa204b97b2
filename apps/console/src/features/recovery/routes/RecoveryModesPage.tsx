import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { RecoveryMode } from '@portiere/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { useQueryErrorFeedback } from '../../../components/feedback/useQueryErrorFeedback';
import { usePaging } from '../../../components/table/pagingStore';
import { ServerDataGrid } from '../../../components/table/ServerDataGrid';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { deactivateRecoveryMode, RECOVERY_KEYS, recoveryModesQuery } from '../api/recoveryApi';
import { ACTIVATE_FOR_USER_DIALOG, ActivateRecoveryDialog } from '../components/ActivateRecoveryDialog';
import { OneTimeCodeDialog, type ShownCode } from '../components/OneTimeCodeDialog';

const CODE_DIALOG = 'recovery-list-code';

/** Members in recovery mode, with Deactivate and Activate for a user. */
export default function RecoveryModesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { page, pageSize } = usePaging();
  const list = useQuery(recoveryModesQuery(page, pageSize));
  const [shown, setShown] = useState<ShownCode | null>(null);

  useQueryErrorFeedback(list);

  const columns = useMemo<GridColDef<RecoveryMode>[]>(() => {
    const deactivate = (r: RecoveryMode) =>
      askConfirmation({
        kind: 'disassociate',
        name: t('recovery.modeOf', { name: r.member.full_name || r.member.username }),
        onConfirm: async () => {
          try {
            await deactivateRecoveryMode(r.member.id);
            feedback.push({ type: 'success', message: t('recovery.deactivated') });
          } catch (err) {
            feedback.push({ type: 'error', message: errorMessage(t, err) });
          } finally {
            await Promise.all(RECOVERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
          }
        },
      });
    return [
      {
        field: 'member',
        headerName: t('recovery.columns.member'),
        flex: 1.5,
        minWidth: 200,
        valueGetter: (_v, row) => row.member.username,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
            <Typography variant="body2">{row.member.username}</Typography>
            {row.member.full_name && (
              <Typography variant="caption" color="text.secondary">
                {row.member.full_name}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'email',
        headerName: t('recovery.columns.email'),
        flex: 1.5,
        minWidth: 200,
        valueGetter: (_v, row) => row.member.email,
      },
      {
        field: 'activated_at',
        headerName: t('recovery.columns.activatedAt'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(value, i18n.language),
      },
      { field: 'activated_by', headerName: t('recovery.columns.activatedBy'), flex: 1, minWidth: 160 },
      {
        field: 'disabled_credentials',
        headerName: t('recovery.columns.disabledCredentials'),
        type: 'number',
        minWidth: 150,
      },
      {
        field: 'actions',
        headerName: t('recovery.columns.actions'),
        sortable: false,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Button
            size="small"
            color="warning"
            onClick={() => deactivate(row)}
            aria-label={t('recovery.deactivateFor', { name: row.member.username })}
          >
            {t('recovery.deactivate')}
          </Button>
        ),
      },
    ];
  }, [t, i18n.language, queryClient]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('recovery.listIntro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialogs.open(ACTIVATE_FOR_USER_DIALOG)}>
          {t('recovery.activateForUser')}
        </Button>
      </Stack>
      <Paper sx={{ width: '100%' }}>
        <ServerDataGrid
          rows={list.data?.results ?? []}
          rowCount={list.data?.count ?? 0}
          columns={columns}
          loading={list.isFetching}
          disableColumnSorting
          disableRowSelectionOnClick
          getRowHeight={() => 'auto'}
          noRowsLabel={t('recovery.noRows')}
          sx={{ minHeight: 400, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        />
      </Paper>
      <ActivateRecoveryDialog
        onActivated={(r) => {
          setShown({ code: r.code, expiresAt: r.expires_at });
          dialogs.open(CODE_DIALOG);
        }}
      />
      <OneTimeCodeDialog
        name={CODE_DIALOG}
        title={t('recovery.modeCodeTitle')}
        shown={shown}
        note={t('recovery.modeCodeMailed')}
        onClose={() => setShown(null)}
      />
    </Stack>
  );
}
