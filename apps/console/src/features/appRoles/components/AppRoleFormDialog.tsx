import { MenuItem, Stack, TextField } from '@mui/material';
import type { AppRole, AppRoleInput } from '@portiere/contracts';
import { type Ref, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { isApiError } from '../../../lib/api/apiError';
import { useAppRoleChoices, useSaveAppRole } from '../api/appRolesApi';
import { type AppRoleFormValues, appRoleForm, appRoleFormOf, emptyAppRoleForm } from '../lib/appRoleForm';

/** Opens with the app role to edit, or null for a new one. */
export const APP_ROLE_FORM_DIALOG = dialogName<AppRole | null>('app-role-form');

const SELECTS = [
  { field: 'applicationId', kind: 'applications', label: 'appRoles.form.application' },
  { field: 'groupId', kind: 'groups', label: 'appRoles.form.group' },
  { field: 'flowId', kind: 'flows', label: 'appRoles.form.flow' },
] as const;

function ChoiceSelect({
  field,
  kind,
  label,
  value,
  current,
  error,
  onChange,
  onBlur,
  inputRef,
}: (typeof SELECTS)[number] & {
  value: string;
  current?: string;
  error?: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const options = useAppRoleChoices(kind).data ?? [];
  return (
    <TextField
      select
      required
      label={t(label)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error}
      name={field}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
      {/* The current choice stays shown while the choices load. */}
      {value && !options.some((o) => o.id === value) && <MenuItem value={value}>{current ?? '…'}</MenuItem>}
    </TextField>
  );
}

/** New or edit app role: display name, application, configuration group and flow. */
export function AppRoleFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AppRole | null>(null);
  const form = useContractForm<AppRoleFormValues, AppRoleInput>({ ...appRoleForm, defaultValues: emptyAppRoleForm() });
  const { control, handleSubmit, reset, setError, showFieldErrors } = form;
  const save = useSaveAppRole({
    success: (t, _saved, { id }) => t(id ? 'appRoles.saved' : 'success.entityCreated'),
    onFieldErrors: showFieldErrors,
    // One app role per application and group: the conflict is said under both.
    onError: (err, message) => {
      if (isApiError(err) && err.body?.code === 'appRoleExists') {
        setError('applicationId', { type: 'server', message });
        setError('groupId', { type: 'server', message });
      }
    },
    onSuccess: () => dialogs.close(APP_ROLE_FORM_DIALOG.name),
  });
  const submit = handleSubmit((input) => save.run({ id: editing?.id, input }));
  const current = {
    applicationId: editing?.application.name,
    groupId: editing?.group.name,
    flowId: editing?.flow.name,
  };

  return (
    <FormDialog
      dialog={APP_ROLE_FORM_DIALOG}
      title={t(editing ? 'appRoles.form.editTitle' : 'appRoles.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(role) => {
        setEditing(role);
        reset(role ? appRoleFormOf(role) : emptyAppRoleForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="displayName" autoFocus required label={t('appRoles.form.displayName')} />
        {SELECTS.map((s) => (
          <Controller
            key={s.field}
            control={control}
            name={s.field}
            render={({ field, fieldState }) => (
              <ChoiceSelect
                {...s}
                value={field.value}
                current={current[s.field]}
                error={fieldState.error?.message}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            )}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
