import { Stack, TextField } from '@mui/material';
import { fieldError, type Role } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useSaveRole } from '../api/rolesApi';

/** Opens with the role group to edit, or null for a new one. */
export const ROLE_FORM_DIALOG = dialogName<Role | null>('role-form');

type Errors = { name?: string; description?: string };

/** New or edit role group: name and description. */
export function RoleFormDialog({ onSaved }: { onSaved?: (saved: Role, created: boolean) => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveRole({
    success: (t, _saved, { id }) => t(id ? 'roles.saved' : 'success.entityCreated'),
    onFieldErrors: (fields) => fields.name && setErrors({ name: fields.name }),
    onSuccess: (saved, { id }) => {
      dialogs.close(ROLE_FORM_DIALOG.name);
      onSaved?.(saved, !id);
    },
  });

  const submit = async () => {
    const e: Errors = {};
    if (!name.trim()) e.name = fieldErrorMessage(t, fieldError('required'));
    else if (name.trim().length > 100) e.name = fieldErrorMessage(t, fieldError('maxLength', { max: 100 }));
    if (description.trim().length > 500) e.description = fieldErrorMessage(t, fieldError('maxLength', { max: 500 }));
    setErrors(e);
    if (Object.keys(e).length) return;
    await save.run({ id: role?.id, input: { name: name.trim(), description: description.trim() } });
  };

  return (
    <FormDialog
      dialog={ROLE_FORM_DIALOG}
      title={t(role ? 'roles.form.editTitle' : 'roles.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(opened) => {
        setRole(opened);
        setName(opened?.name ?? '');
        setDescription(opened?.description ?? '');
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('roles.form.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          multiline
          minRows={2}
          label={t('roles.form.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description}
        />
      </Stack>
    </FormDialog>
  );
}
