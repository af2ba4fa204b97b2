import { Stack } from '@mui/material';
import type { LoginGroupInput } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useCreateLoginGroup } from '../api/loginGroupsApi';
import { emptyLoginGroupForm, type LoginGroupFormValues, loginGroupForm } from '../lib/loginGroupForm';
import { LoginGroupFields } from './LoginGroupFields';

export const LOGIN_GROUP_FORM_DIALOG = dialogName('login-group-form');

/** New login group: name and description; then its page opens, to add apps and credentials. */
export function LoginGroupFormDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { control, handleSubmit, reset, showFieldErrors } = useContractForm<LoginGroupFormValues, LoginGroupInput>({
    ...loginGroupForm,
    defaultValues: emptyLoginGroupForm(),
  });
  const create = useCreateLoginGroup({
    success: (t) => t('success.entityCreated'),
    onFieldErrors: showFieldErrors,
    codeFields: { nameExists: 'name' },
    onSuccess: (group) => {
      dialogs.close(LOGIN_GROUP_FORM_DIALOG.name);
      navigate(`/login-groups/${encodeURIComponent(group.id)}`);
    },
  });
  const submit = handleSubmit((input) => create.run(input));
  return (
    <FormDialog
      dialog={LOGIN_GROUP_FORM_DIALOG}
      title={t('loginGroups.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={create.isPending}
      onOpen={() => reset(emptyLoginGroupForm())}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <LoginGroupFields autoFocus control={control} />
      </Stack>
    </FormDialog>
  );
}
