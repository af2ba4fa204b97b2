import { MenuItem, Stack, TextField } from '@mui/material';
import type { AppRole } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { isApiError } from '../../../lib/api/apiError';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useAppRoleChoices, useSaveAppRole } from '../api/appRolesApi';
import {
  type AppRoleField,
  type AppRoleFormValues,
  appRoleFormOf,
  appRoleInputOf,
  emptyAppRoleForm,
  validateAppRoleForm,
} from '../lib/appRoleForm';

/** Opens with the app role to edit, or null for a new one. */
export const APP_ROLE_FORM_DIALOG = dialogName<AppRole | null>('app-role-form');

type Errors = Partial<Record<AppRoleField, string>>;
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
}: (typeof SELECTS)[number] & { value: string; current?: string; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const options = useAppRoleChoices(kind).data ?? [];
  return (
    <TextField
      select
      required
      label={t(label)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
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
  const [values, setValues] = useState<AppRoleFormValues>(emptyAppRoleForm);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveAppRole({
    success: (t, _saved, { id }) => t(id ? 'appRoles.saved' : 'success.entityCreated'),
    onFieldErrors: setErrors,
    // One app role per application and group: the conflict is said under both.
    onError: (err, message) => {
      if (isApiError(err) && err.body?.code === 'appRoleExists')
        setErrors((e) => ({ ...e, applicationId: message, groupId: message }));
    },
    onSuccess: () => dialogs.close(APP_ROLE_FORM_DIALOG.name),
  });

  const submit = async () => {
    const e: Errors = {};
    for (const [k, v] of Object.entries(validateAppRoleForm(values)))
      if (v) e[k as AppRoleField] = fieldErrorMessage(t, v);
    setErrors(e);
    if (Object.keys(e).length) return;
    await save.run({ id: editing?.id, input: appRoleInputOf(values) });
  };
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
        setValues(role ? appRoleFormOf(role) : emptyAppRoleForm());
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('appRoles.form.displayName')}
          value={values.displayName}
          onChange={(e) => setValues((v) => ({ ...v, displayName: e.target.value }))}
          error={Boolean(errors.displayName)}
          helperText={errors.displayName}
        />
        {SELECTS.map((s) => (
          <ChoiceSelect
            key={s.field}
            {...s}
            value={values[s.field]}
            current={current[s.field]}
            error={errors[s.field]}
            onChange={(v) => setValues((old) => ({ ...old, [s.field]: v }))}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
