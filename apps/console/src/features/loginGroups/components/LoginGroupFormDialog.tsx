import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useCreateLoginGroup } from '../api/loginGroupsApi';
import {
  emptyLoginGroupForm,
  type LoginGroupFormValues,
  loginGroupInputOf,
  validateLoginGroupForm,
} from '../lib/loginGroupForm';
import { LoginGroupFields } from './LoginGroupFields';

export const LOGIN_GROUP_FORM_DIALOG = dialogName('login-group-form');

/** New login group: name and description; then its page opens, to add apps and credentials. */
export function LoginGroupFormDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginGroupFormValues>(emptyLoginGroupForm);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useCreateLoginGroup({
    success: (t) => t('success.entityCreated'),
    onFieldErrors: setErrors,
    codeFields: { nameExists: 'name' },
    onSuccess: (group) => {
      dialogs.close(LOGIN_GROUP_FORM_DIALOG.name);
      navigate(`/login-groups/${encodeURIComponent(group.id)}`);
    },
  });
  const submit = async () => {
    const e: Record<string, string> = {};
    for (const [k, v] of Object.entries(validateLoginGroupForm(values))) if (v) e[k] = fieldErrorMessage(t, v);
    setErrors(e);
    if (Object.keys(e).length) return;
    await create.run(loginGroupInputOf(values));
  };
  return (
    <FormDialog
      dialog={LOGIN_GROUP_FORM_DIALOG}
      title={t('loginGroups.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={create.isPending}
      onOpen={() => {
        setValues(emptyLoginGroupForm());
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <LoginGroupFields
          autoFocus
          values={values}
          errors={errors}
          onChange={(p) => {
            setErrors({});
            setValues((v) => ({ ...v, ...p }));
          }}
        />
      </Stack>
    </FormDialog>
  );
}
