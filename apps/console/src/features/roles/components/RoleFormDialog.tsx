import { Stack } from '@mui/material';
import type { Role } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { type RoleInput, useSaveRole } from '../api/rolesApi';
import { type RoleFormValues, roleForm, roleFormOf } from '../lib/roleForm';

/** Opens with the role group to edit, or null for a new one. */
export const ROLE_FORM_DIALOG = dialogName<Role | null>('role-form');

/** New or edit role group: name and description, the contract's bounds. */
export function RoleFormDialog({ onSaved }: { onSaved?: (saved: Role, created: boolean) => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role | null>(null);
  const { control, handleSubmit, reset, showFieldErrors } = useContractForm<RoleFormValues, RoleInput>({
    ...roleForm,
    defaultValues: roleFormOf(null),
  });
  const save = useSaveRole({
    success: (t, _saved, { id }) => t(id ? 'roles.saved' : 'success.entityCreated'),
    onFieldErrors: showFieldErrors,
    onSuccess: (saved, { id }) => {
      dialogs.close(ROLE_FORM_DIALOG.name);
      onSaved?.(saved, !id);
    },
  });
  const submit = handleSubmit((input) => save.run({ id: role?.id, input }));

  return (
    <FormDialog
      dialog={ROLE_FORM_DIALOG}
      title={t(role ? 'roles.form.editTitle' : 'roles.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(opened) => {
        setRole(opened);
        reset(roleFormOf(opened));
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" autoFocus required label={t('roles.form.name')} />
        <FormTextField control={control} name="description" multiline minRows={2} label={t('roles.form.description')} />
      </Stack>
    </FormDialog>
  );
}
