import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import { Alert, Box, Button, Chip, DialogContentText, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import {
  activateRecoveryMode,
  createRecoveryCode,
  deactivateRecoveryMode,
  memberRecoveryModeQuery,
  RECOVERY_KEYS,
} from '../api/recoveryApi';
import { OneTimeCodeDialog, type ShownCode } from './OneTimeCodeDialog';

export const ACTIVATE_RECOVERY_CONFIRM = 'recovery-activate-confirm';
export const RECOVERY_MODE_CODE_DIALOG = 'recovery-mode-code';
export const RECOVERY_CODE_DIALOG = 'recovery-code';

/**
 * The member's recovery (for the member page): recovery mode state with Activate (confirmation,
 * then the code shown once) or Deactivate (confirmation), and Create recovery code.
 */
export function RecoveryPanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const mode = useQuery(memberRecoveryModeQuery(memberId));
  const [busy, setBusy] = useState(false);
  const [modeCode, setModeCode] = useState<ShownCode | null>(null);
  const [code, setCode] = useState<ShownCode | null>(null);
  const refresh = () => Promise.all(RECOVERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const activate = async () => {
    setBusy(true);
    try {
      const r = await activateRecoveryMode(memberId);
      dialogs.close(ACTIVATE_RECOVERY_CONFIRM);
      feedback.push({ type: 'success', message: t('success.recoveryModeActivated') });
      setModeCode({ code: r.code, expiresAt: r.expires_at });
      dialogs.open(RECOVERY_MODE_CODE_DIALOG);
    } catch (err) {
      dialogs.close(ACTIVATE_RECOVERY_CONFIRM);
      feedback.push({ type: 'error', message: errorMessage(t, err) });
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const deactivate = () =>
    askConfirmation({
      kind: 'disassociate',
      name: t('recovery.modeName'),
      onConfirm: async () => {
        try {
          await deactivateRecoveryMode(memberId);
          feedback.push({ type: 'success', message: t('recovery.deactivated') });
        } catch (err) {
          feedback.push({ type: 'error', message: errorMessage(t, err) });
        } finally {
          await refresh();
        }
      },
    });

  const newCode = async () => {
    setBusy(true);
    try {
      const r = await createRecoveryCode(memberId);
      feedback.push({ type: 'success', message: t('success.temporaryCredentialCreated') });
      setCode({ code: r.code, expiresAt: r.expires_at });
      dialogs.open(RECOVERY_CODE_DIALOG);
    } catch (err) {
      feedback.push({ type: 'error', message: errorMessage(t, err) });
    } finally {
      setBusy(false);
    }
  };

  let state: React.ReactNode;
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
        <Button variant="outlined" color="warning" onClick={deactivate}>
          {t('recovery.deactivate')}
        </Button>
      </Stack>
    );
  } else
    state = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip variant="outlined" label={t('recovery.inactive')} data-testid="recovery-state" />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" color="warning" onClick={() => dialogs.open(ACTIVATE_RECOVERY_CONFIRM)}>
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
        <Button variant="outlined" onClick={newCode} disabled={busy}>
          {t('recovery.code.create')}
        </Button>
      </Stack>
      <AppDialog
        name={ACTIVATE_RECOVERY_CONFIRM}
        title={t('recovery.activateTitle')}
        onCancel
        onConfirm={activate}
        busy={busy}
      >
        <DialogContentText>{t('recovery.activateMessage')}</DialogContentText>
      </AppDialog>
      <OneTimeCodeDialog
        name={RECOVERY_MODE_CODE_DIALOG}
        title={t('recovery.modeCodeTitle')}
        shown={modeCode}
        note={t('recovery.modeCodeMailed')}
        onClose={() => setModeCode(null)}
      />
      <OneTimeCodeDialog
        name={RECOVERY_CODE_DIALOG}
        title={t('recovery.code.title')}
        shown={code}
        onClose={() => setCode(null)}
      />
    </Box>
  );
}
