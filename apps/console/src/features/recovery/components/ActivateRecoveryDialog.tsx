import { Stack, Typography } from '@mui/material';
import { fieldError, type RecoveryModeActivated } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { MemberPicker, type PickedMember } from '../../../components/members/MemberPicker';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useActivateRecoveryMode } from '../api/recoveryApi';

export const ACTIVATE_FOR_USER_DIALOG = dialogName('recovery-activate-for-user');

/** Activate for a user: pick a member, confirm, and hand the answer (with its code) back. */
export function ActivateRecoveryDialog({ onActivated }: { onActivated: (r: RecoveryModeActivated) => void }) {
  const { t } = useTranslation();
  const [member, setMember] = useState<PickedMember | null>(null);
  const [error, setError] = useState<string | null>(null);
  const activate = useActivateRecoveryMode({
    onError: (_err, message) => setError(message),
    onSuccess: (r) => {
      dialogs.close(ACTIVATE_FOR_USER_DIALOG.name);
      onActivated(r);
    },
  });

  const submit = async () => {
    if (!member) {
      setError(fieldErrorMessage(t, fieldError('required')));
      return;
    }
    await activate.run(member.id);
  };

  return (
    <FormDialog
      dialog={ACTIVATE_FOR_USER_DIALOG}
      title={t('recovery.activateForUser')}
      onSubmit={submit}
      submitLabel={t('recovery.activate')}
      busy={activate.isPending}
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
