import { Stack, Typography } from '@mui/material';
import type { RecoveryModeActivated } from '@portiere/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useContractForm } from '../../../components/forms/useContractForm';
import { MemberPicker, type PickedMember } from '../../../components/members/MemberPicker';
import { useActivateRecoveryMode } from '../api/recoveryApi';

export const ACTIVATE_FOR_USER_DIALOG = dialogName('recovery-activate-for-user');

interface ActivateValues {
  member: PickedMember | null;
}
/** The member whose recovery mode starts (the path of the request, no body): required. */
const activateForm = { schema: z.object({ member: z.object({ id: z.string().min(1) }) }) };

/** Activate for a user: pick a member, confirm, and hand the answer (with its code) back. */
export function ActivateRecoveryDialog({ onActivated }: { onActivated: (r: RecoveryModeActivated) => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, setError } = useContractForm<ActivateValues, { member: { id: string } }>({
    ...activateForm,
    defaultValues: { member: null },
  });
  const activate = useActivateRecoveryMode({
    // Whatever refused it is said under the member.
    onError: (_err, message) => setError('member', { type: 'server', message }),
    onSuccess: (r) => {
      dialogs.close(ACTIVATE_FOR_USER_DIALOG.name);
      onActivated(r);
    },
  });
  const submit = handleSubmit(({ member }) => activate.run(member.id));

  return (
    <FormDialog
      dialog={ACTIVATE_FOR_USER_DIALOG}
      title={t('recovery.activateForUser')}
      onSubmit={submit}
      submitLabel={t('recovery.activate')}
      busy={activate.isPending}
      onOpen={() => reset({ member: null })}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">{t('recovery.activateMessage')}</Typography>
        <Controller
          control={control}
          name="member"
          render={({ field, fieldState }) => (
            <MemberPicker
              label={t('recovery.member')}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message ?? null}
              autoFocus
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
