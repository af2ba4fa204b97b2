import { Alert, FormControlLabel, FormHelperText, Link, Stack, Switch } from '@mui/material';
import type { RadiusClient, RadiusClientInput } from '@portiere/contracts';
import { RADIUS_APPROVAL_WAIT_MAX_S, RADIUS_APPROVAL_WAIT_MIN_S } from '@portiere/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dialogName, dialogs, openDialog } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormChoiceSelect } from '../../../components/forms/FormChoiceSelect';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useRadiusApplications, useSaveRadiusClient } from '../api/radiusClientsApi';
import {
  emptyRadiusClientForm,
  type RadiusClientFormValues,
  radiusClientForm,
  radiusClientFormOf,
} from '../lib/radiusClientForm';
import { SECRET_SHOWN_DIALOG } from './SecretShownDialog';

/** Opens with the client to edit, or null to register one. */
export const RADIUS_CLIENT_FORM_DIALOG = dialogName<RadiusClient | null>('radius-client-form');

/**
 * Register or change a RADIUS client: its name, source address or range, RADIUS application,
 * whether it is on, whether it must send a Message-Authenticator, and how long an app approval
 * may wait. A registration then shows the shared secret once.
 */
export function RadiusClientFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<RadiusClient | null>(null);
  const applications = useRadiusApplications();
  const { control, handleSubmit, reset, showFieldErrors, watch } = useContractForm<
    RadiusClientFormValues,
    RadiusClientInput
  >({ ...radiusClientForm, defaultValues: emptyRadiusClientForm() });
  const save = useSaveRadiusClient({
    success: (t, saved, s) => t(s.id ? 'radiusClients.saved' : 'radiusClients.registered', { name: saved.name }),
    onFieldErrors: showFieldErrors,
    onSuccess: (saved) => {
      dialogs.close(RADIUS_CLIENT_FORM_DIALOG.name);
      if ('secret' in saved) openDialog(SECRET_SHOWN_DIALOG, saved);
    },
  });
  const submit = handleSubmit((body) => save.run({ id: editing?.id, body }));
  const noApplication = applications.isSuccess && applications.data.length === 0;

  const toggle = (name: 'enabled' | 'requireMessageAuthenticator', label: string, hint?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div>
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={label}
          />
          {hint && <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>}
        </div>
      )}
    />
  );

  return (
    <FormDialog
      dialog={RADIUS_CLIENT_FORM_DIALOG}
      title={t(editing ? 'radiusClients.form.editTitle' : 'radiusClients.form.newTitle')}
      onSubmit={submit}
      submitLabel={t(editing ? 'common.save' : 'radiusClients.form.register')}
      busy={save.isPending}
      onOpen={(client) => {
        setEditing(client);
        reset(client ? radiusClientFormOf(client) : emptyRadiusClientForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          autoFocus
          required
          label={t('radiusClients.form.name')}
          helperText={t('radiusClients.form.nameHint')}
        />
        <FormTextField
          control={control}
          name="address"
          required
          label={t('radiusClients.form.address')}
          helperText={t('radiusClients.form.addressHint')}
        />
        <FormChoiceSelect
          control={control}
          name="applicationId"
          required
          label={t('radiusClients.form.application')}
          helperText={t('radiusClients.form.applicationHint')}
          options={applications.data ?? []}
          current={editing?.application.name}
        />
        {noApplication && (
          <Alert severity="info">
            {t('radiusClients.form.noApplication')}{' '}
            <Link
              component={RouterLink}
              to="/applications"
              onClick={() => dialogs.close(RADIUS_CLIENT_FORM_DIALOG.name)}
            >
              {t('radiusClients.form.toApplications')}
            </Link>
          </Alert>
        )}
        {toggle('enabled', t('radiusClients.form.enabled'))}
        {toggle(
          'requireMessageAuthenticator',
          t('radiusClients.form.requireMessageAuthenticator'),
          t('radiusClients.form.requireMessageAuthenticatorHint'),
        )}
        {!watch('requireMessageAuthenticator') && (
          <Alert severity="warning">{t('radiusClients.form.messageAuthenticatorOff')}</Alert>
        )}
        <FormTextField
          control={control}
          name="approvalWait"
          required
          type="number"
          label={t('radiusClients.form.approvalWait')}
          helperText={t('radiusClients.form.approvalWaitHint', {
            min: RADIUS_APPROVAL_WAIT_MIN_S,
            max: RADIUS_APPROVAL_WAIT_MAX_S,
          })}
          slotProps={{ htmlInput: { min: RADIUS_APPROVAL_WAIT_MIN_S, max: RADIUS_APPROVAL_WAIT_MAX_S } }}
        />
      </Stack>
    </FormDialog>
  );
}
