import { Stack, TextField, Typography } from '@mui/material';
import type { ManagerUser } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useChangeEmail } from '../api/managerUsersApi';
import { emailError } from '../lib/managerUserForm';

/** Opens with the manager user whose address changes. */
export const CHANGE_EMAIL_DIALOG = dialogName<ManagerUser>('change-email');

/** The new address; a confirmation link goes to it, and the change applies when it is followed. */
export function ChangeEmailDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<ManagerUser | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeEmail(customerId, {
    success: (t, _user, { email }) => t('managerUsers.changeEmail.sent', { email }),
    onFieldErrors: (fields) => setError(fields.email ?? null),
    codeFields: { emailExists: 'email', usernameExists: 'email' },
    onSuccess: () => dialogs.close(CHANGE_EMAIL_DIALOG.name),
  });

  const submit = async () => {
    const e = emailError(email);
    if (e) return setError(fieldErrorMessage(t, e));
    if (user) await change.run({ user, email: email.trim().toLowerCase() });
  };

  return (
    <FormDialog
      dialog={CHANGE_EMAIL_DIALOG}
      title={t('managerUsers.changeEmail.title')}
      onSubmit={submit}
      submitLabel={t('managerUsers.changeEmail.submit')}
      busy={change.isPending}
      onOpen={(u) => {
        setUser(u);
        setEmail('');
        setError(null);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{t('managerUsers.changeEmail.current', { email: user?.email ?? '' })}</Typography>
        <TextField
          autoFocus
          required
          type="email"
          label={t('managerUsers.changeEmail.newEmail')}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? t('managerUsers.changeEmail.hint')}
          autoComplete="off"
        />
      </Stack>
    </FormDialog>
  );
}
