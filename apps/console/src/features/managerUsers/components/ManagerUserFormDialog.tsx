import { Stack, Typography } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { fieldError, type ManagerUser, type ManagerUserCreate, type ManagerUserUpdate } from '@portiere/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePartialDateField } from '../../../components/dates/usePartialDateField';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useSaveManagerUser } from '../api/managerUsersApi';
import {
  emptyManagerUserForm,
  type ManagerUserFormValues,
  managerUserCreateForm,
  managerUserFormOf,
  managerUserPatchOf,
  managerUserUpdateForm,
} from '../lib/managerUserForm';
import { ScopesField } from './ScopesField';

/** Opens with the manager user to edit, or null for a new one. */
export const MANAGER_USER_FORM_DIALOG = dialogName<ManagerUser | null>('manager-user-form');

/**
 * New manager user (email, scopes, optional API key expiration; a temporary password is mailed)
 * or edit of an existing one's scopes and expiration.
 */
export function ManagerUserFormDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ManagerUser | null>(null);
  // Half a date-time is not "no expiration": saving waits until it is whole or cleared.
  const expirationField = usePartialDateField();
  const form = useContractForm<ManagerUserFormValues, unknown>({
    ...(editing ? managerUserUpdateForm : managerUserCreateForm),
    defaultValues: emptyManagerUserForm(),
  });
  const { control, handleSubmit, reset, getValues, setError, showFieldErrors } = form;
  const save = useSaveManagerUser(customerId, {
    success: (t, saved, { id }) => (id ? t('managerUsers.saved') : t('managerUsers.created', { email: saved.email })),
    onFieldErrors: showFieldErrors,
    codeFields: { emailExists: 'email', usernameExists: 'email', expirationInPast: 'expiration' },
    onSuccess: () => dialogs.close(MANAGER_USER_FORM_DIALOG.name),
  });

  const submit = async () => {
    const partial = expirationField.isPartial(getValues('expiration'));
    await handleSubmit(async (input) => {
      if (partial) return;
      if (editing) {
        const patch = managerUserPatchOf(editing, input as Required<ManagerUserUpdate>);
        if (!Object.keys(patch).length) return dialogs.close(MANAGER_USER_FORM_DIALOG.name);
        await save.run({ id: editing.id, input: patch });
      } else await save.run({ input: input as ManagerUserCreate });
    })();
    if (partial) setError('expiration', { type: 'invalid', message: fieldErrorMessage(t, fieldError('invalid')) });
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
        reset(user ? managerUserFormOf(user) : emptyManagerUserForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {editing ? (
          <Typography data-testid="manager-user-email">{editing.email}</Typography>
        ) : (
          <FormTextField
            control={control}
            name="email"
            autoFocus
            required
            type="email"
            label={t('managerUsers.form.email')}
            helperText={t('managerUsers.form.emailHint')}
            autoComplete="off"
          />
        )}
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => <ScopesField value={field.value} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="expiration"
          render={({ field, fieldState }) => (
            <DateTimePicker
              label={t('managerUsers.form.expiration')}
              value={field.value ? dayjs(field.value) : null}
              onChange={(d) => field.onChange(d?.isValid() ? d.toISOString() : null)}
              slotProps={{
                field: { clearable: true },
                textField: {
                  inputRef: expirationField.inputRef,
                  fullWidth: true,
                  error: Boolean(fieldState.error),
                  helperText: fieldState.error?.message ?? t('managerUsers.form.expirationHint'),
                },
              }}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
