import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import { Alert, Box, Button, Chip, DialogContentText, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogName, dialogs, openDialog } from '../../../components/dialogs/dialogRegistry';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import {
  useActivateRecoveryMode,
  useCreateRecoveryCode,
  useDeactivateRecoveryMode,
  useMemberRecoveryMode,
} from '../api/recoveryApi';
import { OneTimeCodeDialog, type ShownCode } from './OneTimeCodeDialog';

export const ACTIVATE_RECOVERY_CONFIRM = dialogName('recovery-activate-confirm');
export const RECOVERY_MODE_CODE_DIALOG = dialogName<ShownCode>('recovery-mode-code');
export const RECOVERY_CODE_DIALOG = dialogName<ShownCode>('recovery-code');

/**
 * The member's recovery (for the member page): recovery mode state with Activate (confirmation,
 * then the code shown once) or Deactivate (confirmation), and Create recovery code.
 */
export function RecoveryPanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const mode = useMemberRecoveryMode(memberId);
  const close = () => dialogs.close(ACTIVATE_RECOVERY_CONFIRM.name);
  const activate = useActivateRecoveryMode({
    onSuccess: (r) => {
      close();
      openDialog(RECOVERY_MODE_CODE_DIALOG, r);
    },
    onError: close,
  });
  const deactivate = useDeactivateRecoveryMode();
  const newCode = useCreateRecoveryCode({ onSuccess: (r) => openDialog(RECOVERY_CODE_DIALOG, r) });
  const busy = activate.isPending || newCode.isPending;

  const askDeactivate = () =>
    askConfirmation({ kind: 'disassociate', name: t('recovery.modeName'), onConfirm: () => deactivate.run(memberId) });

  let state: ReactNode;
  if (mode.isPending) state = <Skeleton variant="rounded" height={56} />;
  else if (mode.isError) state = <Alert severity="error">{errorMessage(t, mode.error)}</Alert>;
  else if (mode.data) {
    const m = mode.data;
    state = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip color="warning" label={t('recovery.active')} data-testid="recovery-state" />
        <Typography variant="body2" color="text.secondary">
          {t('recovery.activatedBy', { date: formatDateTime(m.activated_at, i18n.language), by: m.activated_by })}
          {' · '}
          {t('recovery.disabledCredentials', { count: m.disabled_credentials })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" color="warning" aria-haspopup="dialog" onClick={askDeactivate}>
          {t('recovery.deactivate')}
        </Button>
      </Stack>
    );
  } else
    state = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip variant="outlined" label={t('recovery.inactive')} data-testid="recovery-state" />
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          color="warning"
          aria-haspopup="dialog"
          onClick={() => openDialog(ACTIVATE_RECOVERY_CONFIRM)}
        >
          {t('recovery.activate')}
        </Button>
      </Stack>
    );

  return (
    <Box component="section" data-testid="recovery-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <HealthAndSafetyIcon fontSize="small" color="action" />
        <Typography variant="subtitle1" component="h3">
          {t('recovery.panel.title')}
        </Typography>
      </Stack>
      {state}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('recovery.code.intro')}
        </Typography>
        <Button variant="outlined" onClick={() => newCode.run(memberId)} disabled={busy}>
          {t('recovery.code.create')}
        </Button>
      </Stack>
      <AppDialog
        dialog={ACTIVATE_RECOVERY_CONFIRM}
        title={t('recovery.activateTitle')}
        onCancel
        onConfirm={() => activate.run(memberId)}
        busy={busy}
      >
        <DialogContentText>{t('recovery.activateMessage')}</DialogContentText>
      </AppDialog>
      <OneTimeCodeDialog
        dialog={RECOVERY_MODE_CODE_DIALOG}
        title={t('recovery.modeCodeTitle')}
        note={t('recovery.modeCodeMailed')}
      />
      <OneTimeCodeDialog dialog={RECOVERY_CODE_DIALOG} title={t('recovery.code.title')} />
    </Box>
  );
}
