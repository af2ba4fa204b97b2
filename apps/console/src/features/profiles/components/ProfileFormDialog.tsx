import { Stack } from '@mui/material';
import type { Profile, ProfileInput } from '@portiere/contracts';
import { useMemo, useState } from 'react';
import { type Control, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormChoiceSelect } from '../../../components/forms/FormChoiceSelect';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { isApiError } from '../../../lib/api/apiError';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useProfileChoices, useSaveProfile } from '../api/profilesApi';
import {
  emptyProfileForm,
  liveStepErrors,
  type ProfileFormValues,
  profileForm,
  profileFormOf,
} from '../lib/profileForm';
import { StepsEditor } from './StepsEditor';

/** Opens with the profile to edit, or null for a new one. */
export const PROFILE_FORM_DIALOG = dialogName<Profile | null>('profile-form');

const SELECTS = [
  { field: 'appId', kind: 'apps', label: 'profiles.form.app', required: true },
  { field: 'groupId', kind: 'groups', label: 'profiles.form.group', required: true },
  { field: 'flowId', kind: 'flows', label: 'profiles.form.flow', required: false },
] as const;

/** One of the form's selects, with its area's choices. */
function ChoiceSelect({
  field,
  kind,
  label,
  required,
  control,
  current,
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and parsed body do not matter here
}: (typeof SELECTS)[number] & { control: Control<ProfileFormValues, any, any>; current?: string }) {
  const { t } = useTranslation();
  return (
    <FormChoiceSelect
      control={control}
      name={field}
      required={required}
      label={t(label)}
      options={useProfileChoices(kind).data ?? []}
      current={current}
      emptyLabel={required ? undefined : t('profiles.form.noFlow')}
    />
  );
}

/** New or edit profile: display name, app, configuration group, flow and the fill steps. */
export function ProfileFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Profile | null>(null);
  const form = useContractForm<ProfileFormValues, ProfileInput>({ ...profileForm, defaultValues: emptyProfileForm() });
  const { control, handleSubmit, reset, watch, setValue, setError, formState, showFieldErrors } = form;
  const save = useSaveProfile({
    success: (t, _saved, { id }) => t(id ? 'profiles.saved' : 'success.entityCreated'),
    onFieldErrors: showFieldErrors,
    // One profile per app and group: the conflict is said under both.
    onError: (err, message) => {
      if (isApiError(err) && err.body?.code === 'profileExists') {
        setError('appId', { type: 'server', message });
        setError('groupId', { type: 'server', message });
      }
    },
    onSuccess: () => dialogs.close(PROFILE_FORM_DIALOG.name),
  });
  const submit = handleSubmit((input) => save.run({ id: editing?.id, input }));

  // The steps' errors: the steps' own rules as they are typed, the others once saving was tried.
  const steps = watch('steps');
  const live = useMemo(() => liveStepErrors(steps), [steps]);
  const stepErrors: Record<string, string | undefined> = {};
  for (const [path, e] of Object.entries(live)) stepErrors[path] = fieldErrorMessage(t, e);
  const stepError = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;
  stepErrors.steps ??= stepError('steps');
  steps.forEach((_, i) => {
    for (const f of ['target', 'text', 'ms']) stepErrors[`steps.${i}.${f}`] ??= stepError(`steps.${i}.${f}`);
  });
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
        reset(profile ? profileFormOf(profile) : emptyProfileForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="displayName" autoFocus required label={t('profiles.form.displayName')} />
        {SELECTS.map((s) => (
          <ChoiceSelect key={s.field} {...s} control={control} current={current[s.field]} />
        ))}
        <StepsEditor
          steps={steps}
          onChange={(next) => setValue('steps', next, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          errors={stepErrors}
        />
      </Stack>
    </FormDialog>
  );
}
