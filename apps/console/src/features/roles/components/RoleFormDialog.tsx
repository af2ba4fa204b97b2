import { Stack, TextField } from '@mui/material';
import { fieldError, type Role } from '@portiere/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { feedback } from '../../../components/feedback/feedbackStore';
import { isApiError } from '../../../lib/api/apiError';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { createRole, updateRole } from '../api/rolesApi';

export const ROLE_FORM_DIALOG = 'role-form';

/** New or edit role group: name and description. */
export function RoleFormDialog({ role, onSaved }: { role: Role | null; onSaved?: (r: Role) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const e: { name?: string; description?: string } = {};
    if (!name.trim()) e.name = fieldErrorMessage(t, fieldError('required'));
    else if (name.trim().length > 100) e.name = fieldErrorMessage(t, fieldError('maxLength', { max: 100 }));
    if (description.trim().length > 500) e.description = fieldErrorMessage(t, fieldError('maxLength', { max: 500 }));
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const input = { name: name.trim(), description: description.trim() };
      const saved = role ? await updateRole(role.id, input) : await createRole(input);
      feedback.push({ type: 'success', message: t(role ? 'roles.saved' : 'success.entityCreated') });
      dialogs.close(ROLE_FORM_DIALOG);
      onSaved?.(saved);
    } catch (err) {
      if (isApiError(err) && err.body?.details?.name)
        setErrors({ name: err.status === 409 ? t('error.nameExists') : fieldErrorMessage(t, err.body.details.name) });
      feedback.push({ type: 'error', message: errorMessage(t, err) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
    }
  };

  return (
    <FormDialog
      name={ROLE_FORM_DIALOG}
      title={t(role ? 'roles.form.editTitle' : 'roles.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={busy}
      onOpen={() => {
        setName(role?.name ?? '');
        setDescription(role?.description ?? '');
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
