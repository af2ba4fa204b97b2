import { MenuItem, Stack, TextField } from '@mui/material';
import type { FieldError, Profile } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { isApiError } from '../../../lib/api/apiError';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useProfileChoices, useSaveProfile } from '../api/profilesApi';
import {
  emptyProfileForm,
  type ProfileFormValues,
  profileFormOf,
  profileInputOf,
  validateProfileForm,
} from '../lib/profileForm';
import { StepsEditor } from './StepsEditor';

/** Opens with the profile to edit, or null for a new one. */
export const PROFILE_FORM_DIALOG = dialogName<Profile | null>('profile-form');

type Errors = Record<string, string | undefined>;
const SELECTS = [
  { field: 'appId', kind: 'apps', label: 'profiles.form.app', required: true },
  { field: 'groupId', kind: 'groups', label: 'profiles.form.group', required: true },
  { field: 'flowId', kind: 'flows', label: 'profiles.form.flow', required: false },
] as const;

function ChoiceSelect({
  field,
  kind,
  label,
  required,
  value,
  current,
  error,
  onChange,
}: (typeof SELECTS)[number] & { value: string; current?: string; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const options = useProfileChoices(kind).data ?? [];
  return (
    <TextField
      select
      required={required}
      label={t(label)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      name={field}
    >
      {!required && (
        <MenuItem value="">
          <em>{t('profiles.form.noFlow')}</em>
        </MenuItem>
      )}
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

/** Live rules: the steps' own (at least one, a fixed text has its text, a wait in bounds); the rest once saving was tried. */
const isLive = (key: string, e: FieldError) =>
  key === 'steps' || (key.startsWith('steps.') && e.key !== 'required') || key.endsWith('.text');

/** New or edit profile: display name, app, configuration group, flow and the fill steps. */
export function ProfileFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Profile | null>(null);
  const [values, setValues] = useState<ProfileFormValues>(emptyProfileForm);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const set = (patch: Partial<ProfileFormValues>) => {
    setServerErrors({});
    setValues((v) => ({ ...v, ...patch }));
  };
  const save = useSaveProfile({
    success: (t, _saved, { id }) => t(id ? 'profiles.saved' : 'success.entityCreated'),
    onFieldErrors: setServerErrors,
    // One profile per app and group: the conflict is said under both.
    onError: (err, message) => {
      if (isApiError(err) && err.body?.code === 'profileExists')
        setServerErrors((e) => ({ ...e, appId: message, groupId: message }));
    },
    onSuccess: () => dialogs.close(PROFILE_FORM_DIALOG.name),
  });

  const own = validateProfileForm(values);
  const errors: Errors = { ...serverErrors };
  for (const [k, v] of Object.entries(own)) if (submitted || isLive(k, v)) errors[k] = fieldErrorMessage(t, v);

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(own).length) return;
    await save.run({ id: editing?.id, input: profileInputOf(values) });
  };
  const current = { appId: editing?.app.name, groupId: editing?.group.name, flowId: editing?.flow?.name };

  return (
    <FormDialog
      dialog={PROFILE_FORM_DIALOG}
      title={t(editing ? 'profiles.form.editTitle' : 'profiles.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(profile) => {
        setEditing(profile);
        setValues(profile ? profileFormOf(profile) : emptyProfileForm());
        setServerErrors({});
        setSubmitted(false);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('profiles.form.displayName')}
          value={values.displayName}
          onChange={(e) => set({ displayName: e.target.value })}
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
            onChange={(v) => set({ [s.field]: v })}
          />
        ))}
        <StepsEditor steps={values.steps} onChange={(steps) => set({ steps })} errors={errors} />
      </Stack>
    </FormDialog>
  );
}
