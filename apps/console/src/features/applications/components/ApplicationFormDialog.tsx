import { ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { APPLICATION_TYPES, type Application, type ApplicationType } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs, openDialog } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import {
  useApplicationOptions,
  useCreateApplication,
  useFlowOptions,
  useUpdateApplication,
} from '../api/applicationsApi';
import {
  type ApplicationField,
  type ApplicationFormValues,
  applicationFormOf,
  applicationInputOf,
  emptyApplicationForm,
  hasRedirectUri,
  validateApplicationForm,
} from '../lib/applicationForm';
import { CLIENT_SECRET_DIALOG } from './ClientSecretDialog';

/** Opens with the application to edit, or null for a new one. */
export const APPLICATION_FORM_DIALOG = dialogName<Application | null>('application-form');

type Errors = Partial<Record<ApplicationField, string>>;
const URL_FIELDS = [
  'callbackUrlSuccessfulLoginFlow',
  'redirectUriSuccessLoginFlow',
  'redirectUriAbortLoginFlow',
] as const;

/** New or edit application; a new one shows its client id and secret once, in the secret dialog. */
export function ApplicationFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Application | null>(null);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ApplicationFormValues>(emptyApplicationForm);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<ApplicationFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const applications = useApplicationOptions(open);
  const flows = useFlowOptions(open);

  const create = useCreateApplication({
    success: (t) => t('success.entityCreated'),
    onFieldErrors: setErrors,
    onSuccess: (saved) => {
      dialogs.close(APPLICATION_FORM_DIALOG.name);
      openDialog(CLIENT_SECRET_DIALOG, saved);
    },
  });
  const update = useUpdateApplication({
    success: (t) => t('applications.saved'),
    onFieldErrors: setErrors,
    onSuccess: () => dialogs.close(APPLICATION_FORM_DIALOG.name),
  });

  const submit = async () => {
    const e: Errors = {};
    for (const [k, v] of Object.entries(validateApplicationForm(values)))
      if (v) e[k as ApplicationField] = fieldErrorMessage(t, v);
    setErrors(e);
    if (Object.keys(e).length) return;
    const input = applicationInputOf(values);
    if (editing) await update.run({ id: editing.id, input });
    else await create.run(input);
  };

  const err = (field: ApplicationField) => ({ error: Boolean(errors[field]), helperText: errors[field] });
  // The base application is one of the customer's others.
  const bases = (applications.data?.results ?? []).filter((a) => a.id !== editing?.id);

  return (
    <FormDialog
      dialog={APPLICATION_FORM_DIALOG}
      title={t(editing ? 'applications.form.editTitle' : 'applications.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={create.isPending || update.isPending}
      onOpen={(application) => {
        setOpen(true);
        setEditing(application);
        setValues(application ? applicationFormOf(application) : emptyApplicationForm());
        setErrors({});
      }}
      onClose={() => setOpen(false)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('applications.form.name')}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          {...err('name')}
          helperText={errors.name ?? t('applications.form.nameHint')}
        />
        <TextField
          select
          required
          label={t('applications.form.type')}
          value={values.type}
          onChange={(e) => set({ type: e.target.value as ApplicationType })}
          helperText={t(`applications.typeHints.${values.type}`)}
          slotProps={{ select: { renderValue: (v) => t(`applications.types.${v as ApplicationType}`) } }}
        >
          {APPLICATION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              <ListItemText primary={t(`applications.types.${type}`)} secondary={t(`applications.typeHints.${type}`)} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('applications.form.baseApplication')}
          value={values.baseApplicationId}
          onChange={(e) => set({ baseApplicationId: e.target.value })}
          {...err('baseApplicationId')}
          helperText={errors.baseApplicationId ?? t('applications.form.baseApplicationHint')}
        >
          <MenuItem value="">{t('applications.none')}</MenuItem>
          {bases.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
          {/* The current choice stays shown while the list loads. */}
          {values.baseApplicationId && !bases.some((a) => a.id === values.baseApplicationId) && (
            <MenuItem value={values.baseApplicationId}>{editing?.baseApplication?.name ?? '…'}</MenuItem>
          )}
        </TextField>
        {hasRedirectUri(values.type) && (
          <TextField
            required
            label={t('applications.form.redirectUri')}
            value={values.redirectUri}
            onChange={(e) => set({ redirectUri: e.target.value })}
            {...err('redirectUri')}
          />
        )}
        {URL_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`applications.form.${field}`)}
            value={values[field]}
            onChange={(e) => set({ [field]: e.target.value })}
            {...err(field)}
          />
        ))}
        <TextField
          select
          label={t('applications.form.defaultFlow')}
          value={values.defaultFlowId}
          onChange={(e) => set({ defaultFlowId: e.target.value })}
          {...err('defaultFlowId')}
        >
          <MenuItem value="">{t('applications.none')}</MenuItem>
          {(flows.data?.results ?? []).map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
          {values.defaultFlowId && !flows.data?.results.some((f) => f.id === values.defaultFlowId) && (
            <MenuItem value={values.defaultFlowId}>{editing?.defaultFlow?.name ?? '…'}</MenuItem>
          )}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
