import { ListItemText, MenuItem, Stack } from '@mui/material';
import { APPLICATION_TYPES, type Application, type ApplicationInput, type ApplicationType } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dialogName, dialogs, openDialog } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import {
  useApplicationOptions,
  useCreateApplication,
  useFlowOptions,
  useUpdateApplication,
} from '../api/applicationsApi';
import {
  type ApplicationFormValues,
  applicationForm,
  applicationFormOf,
  emptyApplicationForm,
  hasRedirectUri,
  isOidcClient,
} from '../lib/applicationForm';
import { samlFormPath } from '../lib/samlForm';
import { CLIENT_SECRET_DIALOG } from './ClientSecretDialog';
import { SamlProviderFields } from './SamlProviderFields';

/** Opens with the application to edit, or null for a new one. */
export const APPLICATION_FORM_DIALOG = dialogName<Application | null>('application-form');

const URL_FIELDS = [
  'callbackUrlSuccessfulLoginFlow',
  'redirectUriSuccessLoginFlow',
  'redirectUriAbortLoginFlow',
] as const;

/** New or edit application; a new one shows its client id and secret once, in the secret dialog. */
export function ApplicationFormDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Application | null>(null);
  const [open, setOpen] = useState(false);
  const form = useContractForm<ApplicationFormValues, ApplicationInput>({
    ...applicationForm,
    defaultValues: emptyApplicationForm(),
  });
  const { control, handleSubmit, reset, watch, setValue } = form;
  // The server's errors on each consumer service go on the one field that lists them.
  const showFieldErrors = (errors: Record<string, string>) =>
    form.showFieldErrors(Object.fromEntries(Object.entries(errors).map(([p, m]) => [samlFormPath(p), m])));
  const type = watch('type');
  const baseApplicationId = watch('baseApplicationId');
  const defaultFlowId = watch('defaultFlowId');
  const applications = useApplicationOptions(open);
  const flows = useFlowOptions(open);

  const create = useCreateApplication({
    success: (t) => t('success.entityCreated'),
    onFieldErrors: showFieldErrors,
    onSuccess: (saved) => {
      dialogs.close(APPLICATION_FORM_DIALOG.name);
      // An OpenID client's id and secret are shown once; other types go to their page, which
      // says how to set the device or service provider up.
      if (isOidcClient(saved.type)) openDialog(CLIENT_SECRET_DIALOG, saved);
      else void navigate(`/applications/${saved.id}`);
    },
  });
  const update = useUpdateApplication({
    success: (t) => t('applications.saved'),
    onFieldErrors: showFieldErrors,
    onSuccess: () => dialogs.close(APPLICATION_FORM_DIALOG.name),
  });

  const submit = handleSubmit(async (input) => {
    if (editing) await update.run({ id: editing.id, input });
    else await create.run(input);
  });
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
        reset(application ? applicationFormOf(application) : emptyApplicationForm());
      }}
      onClose={() => setOpen(false)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          autoFocus
          required
          label={t('applications.form.name')}
          helperText={t('applications.form.nameHint')}
        />
        <FormTextField
          control={control}
          name="type"
          select
          required
          label={t('applications.form.type')}
          helperText={t(`applications.typeHints.${type}`)}
          slotProps={{ select: { renderValue: (v) => t(`applications.types.${v as ApplicationType}`) } }}
        >
          {APPLICATION_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              <ListItemText
                primary={t(`applications.types.${option}`)}
                secondary={t(`applications.typeHints.${option}`)}
              />
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="baseApplicationId"
          select
          label={t('applications.form.baseApplication')}
          helperText={t('applications.form.baseApplicationHint')}
        >
          <MenuItem value="">{t('applications.none')}</MenuItem>
          {bases.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
          {/* The current choice stays shown while the list loads. */}
          {baseApplicationId && !bases.some((a) => a.id === baseApplicationId) && (
            <MenuItem value={baseApplicationId}>{editing?.baseApplication?.name ?? '…'}</MenuItem>
          )}
        </FormTextField>
        {hasRedirectUri(type) && (
          <FormTextField control={control} name="redirectUri" required label={t('applications.form.redirectUri')} />
        )}
        {type === 'saml' && <SamlProviderFields control={control} setValue={setValue} />}
        {isOidcClient(type) &&
          URL_FIELDS.map((field) => (
            <FormTextField key={field} control={control} name={field} label={t(`applications.form.${field}`)} />
          ))}
        <FormTextField
          control={control}
          name="defaultFlowId"
          select
          label={t('applications.form.defaultFlow')}
          helperText={type === 'radius' ? t('applications.radius.defaultFlowHint') : undefined}
        >
          <MenuItem value="">{t('applications.none')}</MenuItem>
          {(flows.data?.results ?? []).map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
          {defaultFlowId && !flows.data?.results.some((f) => f.id === defaultFlowId) && (
            <MenuItem value={defaultFlowId}>{editing?.defaultFlow?.name ?? '…'}</MenuItem>
          )}
        </FormTextField>
      </Stack>
    </FormDialog>
  );
}
