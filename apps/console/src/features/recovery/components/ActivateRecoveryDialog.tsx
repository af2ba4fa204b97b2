import { Stack, Typography } from '@mui/material';
import { fieldError } from '@portiere/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { feedback } from '../../../components/feedback/feedbackStore';
import { MemberPicker, type PickedMember } from '../../../components/members/MemberPicker';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { activateRecoveryMode, RECOVERY_KEYS, type RecoveryModeActivated } from '../api/recoveryApi';

export const ACTIVATE_FOR_USER_DIALOG = 'recovery-activate-for-user';

/** Activate for a user: pick a member, confirm, and hand the answer (with its code) back. */
export function ActivateRecoveryDialog({ onActivated }: { onActivated: (r: RecoveryModeActivated) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [member, setMember] = useState<PickedMember | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!member) {
      setError(fieldErrorMessage(t, fieldError('required')));
      return;
    }
    setBusy(true);
    try {
      const r = await activateRecoveryMode(member.id);
      feedback.push({ type: 'success', message: t('success.recoveryModeActivated') });
      dialogs.close(ACTIVATE_FOR_USER_DIALOG);
      onActivated(r);
    } catch (err) {
      const message = errorMessage(t, err);
      setError(message);
      feedback.push({ type: 'error', message });
    } finally {
      setBusy(false);
      await Promise.all(RECOVERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    }
  };

  return (
    <FormDialog
      name={ACTIVATE_FOR_USER_DIALOG}
      title={t('recovery.activateForUser')}
      onSubmit={submit}
      submitLabel={t('recovery.activate')}
      busy={busy}
      onOpen={() => {
        setMember(null);
        setError(null);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">{t('recovery.activateMessage')}</Typography>
        <MemberPicker
          label={t('recovery.member')}
          value={member}
          onChange={(m) => {
            setMember(m);
            setError(null);
          }}
          error={error}
          autoFocus
        />
      </Stack>
    </FormDialog>
  );
}
