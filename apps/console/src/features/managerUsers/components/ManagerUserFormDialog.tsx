import { Stack, TextField, Typography } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { fieldError, type ManagerUser } from '@portiere/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartialDateField } from '../../../components/dates/usePartialDateField';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useSaveManagerUser } from '../api/managerUsersApi';
import {
  emptyManagerUserForm,
  type ManagerUserFormValues,
  managerUserCreateOf,
  managerUserFormOf,
  managerUserPatchOf,
  validateManagerUserForm,
} from '../lib/managerUserForm';
import { ScopesField } from './ScopesField';

/** Opens with the manager user to edit, or null for a new one. */
export const MANAGER_USER_FORM_DIALOG = dialogName<ManagerUser | null>('manager-user-form');

type Errors = Record<string, string | undefined>;

/**
 * New manager user (email, scopes, optional API key expiration; a temporary password is mailed)
 * or edit of an existing one's scopes and expiration.
 */
export function ManagerUserFormDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ManagerUser | null>(null);
  const [values, setValues] = useState<ManagerUserFormValues>(emptyManagerUserForm);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  // Half a date-time is not "no expiration": saving waits until it is whole or cleared.
  const expirationField = usePartialDateField();
  const [expirationPartial, setExpirationPartial] = useState(false);
  const save = useSaveManagerUser(customerId, {
    success: (t, saved, { id }) => (id ? t('managerUsers.saved') : t('managerUsers.created', { email: saved.email })),
    onFieldErrors: setServerErrors,
    codeFields: { emailExists: 'email', usernameExists: 'email', expirationInPast: 'expiration' },
    onSuccess: () => dialogs.close(MANAGER_USER_FORM_DIALOG.name),
  });
  const set = (patch: Partial<ManagerUserFormValues>) => {
    setServerErrors({});
    setValues((v) => ({ ...v, ...patch }));
  };

  const own = validateManagerUserForm(values, !editing);
  if (expirationPartial) own.expiration = fieldError('invalid');
  const errors: Errors = { ...serverErrors };
  for (const [k, v] of Object.entries(own)) if (v && submitted) errors[k] = fieldErrorMessage(t, v);

  const submit = async () => {
    setSubmitted(true);
    const partial = expirationField.isPartial(values.expiration);
    setExpirationPartial(partial);
    if (partial || Object.keys(own).length) return;
    if (editing) {
      const patch = managerUserPatchOf(editing, values);
      if (!Object.keys(patch).length) return dialogs.close(MANAGER_USER_FORM_DIALOG.name);
      await save.run({ id: editing.id, input: patch });
    } else await save.run({ input: managerUserCreateOf(values) });
  };

  return (
    <FormDialog
      dialog={MANAGER_USER_FORM_DIALOG}
      title={t(editing ? 'managerUsers.form.editTitle' : 'managerUsers.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(user) => {
        setEditing(user);
        setValues(user ? managerUserFormOf(user) : emptyManagerUserForm());
        setServerErrors({});
        setSubmitted(false);
        setExpirationPartial(false);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {editing ? (
          <Typography data-testid="manager-user-email">{editing.email}</Typography>
        ) : (
          <TextField
            autoFocus
            required
            type="email"
            label={t('managerUsers.form.email')}
            value={values.email}
            onChange={(e) => set({ email: e.target.value })}
            error={Boolean(errors.email)}
            helperText={errors.email ?? t('managerUsers.form.emailHint')}
            autoComplete="off"
          />
        )}
        <ScopesField value={values.scopes} onChange={(scopes) => set({ scopes })} />
        <DateTimePicker
          label={t('managerUsers.form.expiration')}
          value={values.expiration ? dayjs(values.expiration) : null}
          onChange={(d) => {
            setExpirationPartial(false);
            set({ expiration: d?.isValid() ? d.toISOString() : null });
          }}
          slotProps={{
            field: { clearable: true },
            textField: {
              inputRef: expirationField.inputRef,
              fullWidth: true,
              error: Boolean(errors.expiration),
              helperText: errors.expiration ?? t('managerUsers.form.expirationHint'),
            },
          }}
        />
      </Stack>
    </FormDialog>
  );
}
