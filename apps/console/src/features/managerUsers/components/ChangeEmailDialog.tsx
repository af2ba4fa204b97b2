import { Stack, Typography } from '@mui/material';
import type { ManagerUser } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useChangeEmail } from '../api/managerUsersApi';
import { emailChangeForm } from '../lib/managerUserForm';

/** Opens with the manager user whose address changes. */
export const CHANGE_EMAIL_DIALOG = dialogName<ManagerUser>('change-email');

/** The new address; a confirmation link goes to it, and the change applies when it is followed. */
export function ChangeEmailDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<ManagerUser | null>(null);
  const { control, handleSubmit, reset, showFieldErrors } = useContractForm({
    ...emailChangeForm,
    defaultValues: { email: '' },
  });
  const change = useChangeEmail(customerId, {
    success: (t, _user, { email }) => t('managerUsers.changeEmail.sent', { email }),
    onFieldErrors: showFieldErrors,
    codeFields: { emailExists: 'email', usernameExists: 'email' },
    onSuccess: () => dialogs.close(CHANGE_EMAIL_DIALOG.name),
  });

  const submit = handleSubmit(async ({ email }) => {
    if (user) await change.run({ user, email });
  });

  return (
    <FormDialog
      dialog={CHANGE_EMAIL_DIALOG}
      title={t('managerUsers.changeEmail.title')}
      onSubmit={submit}
      submitLabel={t('managerUsers.changeEmail.submit')}
      busy={change.isPending}
      onOpen={(u) => {
        setUser(u);
        reset({ email: '' });
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{t('managerUsers.changeEmail.current', { email: user?.email ?? '' })}</Typography>
        <FormTextField
          control={control}
          name="email"
          autoFocus
          required
          type="email"
          label={t('managerUsers.changeEmail.newEmail')}
          helperText={t('managerUsers.changeEmail.hint')}
          autoComplete="off"
        />
      </Stack>
    </FormDialog>
  );
}
