import { MenuItem, Stack, TextField } from '@mui/material';
import { LA_APP_KINDS, type LaApp, type LaAppKind } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useAppProfiles, useSaveLaApp } from '../api/laAppsApi';
import {
  emptyLaAppForm,
  type LaAppFormValues,
  laAppFormOf,
  laAppInputOf,
  laAppPatchOf,
  validateLaAppForm,
} from '../lib/laAppForm';

/** Opens with the app to edit, or null for a new one. */
export const LA_APP_FORM_DIALOG = dialogName<LaApp | null>('la-app-form');

type Errors = Record<string, string | undefined>;

/** New or edit app: name, kind, target (checked against the kind as it is typed), default profile when editing. */
export function LaAppFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LaApp | null>(null);
  const [values, setValues] = useState<LaAppFormValues>(emptyLaAppForm);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const profiles = useAppProfiles(editing?.id).data ?? [];
  const save = useSaveLaApp({
    success: (t, _saved, { id }) => t(id ? 'laApps.saved' : 'success.entityCreated'),
    onFieldErrors: setServerErrors,
    codeFields: { nameExists: 'name', profileNotOfApp: 'profileId' },
    onSuccess: () => dialogs.close(LA_APP_FORM_DIALOG.name),
  });
  const set = (patch: Partial<LaAppFormValues>) => {
    setServerErrors({});
    setValues((v) => ({ ...v, ...patch }));
  };

  const own = validateLaAppForm(values);
  const errors: Errors = { ...serverErrors };
  // Required fields once the user tried to save; the target's fit to the kind as soon as it is typed.
  for (const [k, v] of Object.entries(own))
    if (v && (submitted || (k === 'target' && v.key !== 'required'))) errors[k] = fieldErrorMessage(t, v);

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(own).length) return;
    if (editing) {
      const patch = laAppPatchOf(editing, values);
      if (!Object.keys(patch).length) return dialogs.close(LA_APP_FORM_DIALOG.name);
      await save.run({ id: editing.id, input: patch });
    } else await save.run({ input: laAppInputOf(values) });
  };

  return (
    <FormDialog
      dialog={LA_APP_FORM_DIALOG}
      title={t(editing ? 'laApps.form.editTitle' : 'laApps.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(app) => {
        setEditing(app);
        setValues(app ? laAppFormOf(app) : emptyLaAppForm());
        setServerErrors({});
        setSubmitted(false);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('laApps.form.name')}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          select
          required
          label={t('laApps.form.kind')}
          value={values.kind}
          onChange={(e) => set({ kind: e.target.value as LaAppKind })}
        >
          {LA_APP_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`laApps.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          label={t('laApps.form.target')}
          value={values.target}
          onChange={(e) => set({ target: e.target.value })}
          error={Boolean(errors.target)}
          helperText={
            errors.target ?? t(values.kind === 'web' ? 'laApps.form.targetHintWeb' : 'laApps.form.targetHintDesktop')
          }
        />
        {editing && (
          <TextField
            select
            label={t('laApps.form.profile')}
            value={values.profileId}
            onChange={(e) => set({ profileId: e.target.value })}
            error={Boolean(errors.profileId)}
            helperText={errors.profileId ?? t('laApps.form.profileHint')}
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
            {values.profileId && !profiles.some((p) => p.id === values.profileId) && (
              <MenuItem value={values.profileId}>{editing.profile?.name ?? '…'}</MenuItem>
            )}
          </TextField>
        )}
      </Stack>
    </FormDialog>
  );
}
