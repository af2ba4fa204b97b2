import { MenuItem, Stack } from '@mui/material';
import { LA_APP_KINDS, type LaApp, type LaAppInput, laAppFieldErrors } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useAppProfiles, useSaveLaApp } from '../api/laAppsApi';
import { emptyLaAppForm, type LaAppFormValues, laAppForm, laAppFormOf, laAppPatchOf } from '../lib/laAppForm';

/** Opens with the app to edit, or null for a new one. */
export const LA_APP_FORM_DIALOG = dialogName<LaApp | null>('la-app-form');

/** New or edit app: name, kind, target (checked against the kind as it is typed), default profile when editing. */
export function LaAppFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LaApp | null>(null);
  const form = useContractForm<LaAppFormValues, LaAppInput>({ ...laAppForm, defaultValues: emptyLaAppForm() });
  const { control, handleSubmit, reset, watch, showFieldErrors } = form;
  const profiles = useAppProfiles(editing?.id).data ?? [];
  const save = useSaveLaApp({
    success: (t, _saved, { id }) => t(id ? 'laApps.saved' : 'success.entityCreated'),
    onFieldErrors: showFieldErrors,
    codeFields: { nameExists: 'name', profileNotOfApp: 'profileId' },
    onSuccess: () => dialogs.close(LA_APP_FORM_DIALOG.name),
  });
  const [kind, target, profileId] = watch(['kind', 'target', 'profileId']);
  // The target's fit to the kind is said as soon as it is typed; the rest once saving was tried.
  const fit = laAppFieldErrors({ kind, target }).target;

  const submit = handleSubmit(async (input) => {
    if (editing) {
      const patch = laAppPatchOf(editing, input);
      if (!Object.keys(patch).length) return dialogs.close(LA_APP_FORM_DIALOG.name);
      await save.run({ id: editing.id, input: patch });
    } else await save.run({ input });
  });

  return (
    <FormDialog
      dialog={LA_APP_FORM_DIALOG}
      title={t(editing ? 'laApps.form.editTitle' : 'laApps.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(app) => {
        setEditing(app);
        reset(app ? laAppFormOf(app) : emptyLaAppForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" autoFocus required label={t('laApps.form.name')} />
        <FormTextField control={control} name="kind" select required label={t('laApps.form.kind')} deps={['target']}>
          {LA_APP_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`laApps.kinds.${k}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="target"
          required
          label={t('laApps.form.target')}
          liveError={fit && fieldErrorMessage(t, fit)}
          helperText={t(kind === 'web' ? 'laApps.form.targetHintWeb' : 'laApps.form.targetHintDesktop')}
        />
        {editing && (
          <FormTextField
            control={control}
            name="profileId"
            select
            label={t('laApps.form.profile')}
            helperText={t('laApps.form.profileHint')}
          >
            <MenuItem value="">
              <em>{t('laApps.form.noProfile')}</em>
            </MenuItem>
            {profiles.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
            {/* The current choice stays shown while the choices load. */}
            {profileId && !profiles.some((p) => p.id === profileId) && (
              <MenuItem value={profileId}>{editing.profile?.name ?? '…'}</MenuItem>
            )}
          </FormTextField>
        )}
      </Stack>
    </FormDialog>
  );
}
