import { Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, MenuItem, Stack, Switch } from '@mui/material';
import { BIOMETRY_LEVELS, CONFIGURATION_CREDENTIAL_TYPES, type Configuration } from '@portiere/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useSaveConfiguration } from '../api/configurationsApi';
import {
  type ConfigurationFormValues,
  type ConfigurationInput,
  configurationForm,
  configurationFormOf,
  emptyConfigurationForm,
} from '../lib/configurationForm';

/** Opens with the configuration to edit, or null for a new one. */
export const CONFIGURATION_FORM_DIALOG = dialogName<Configuration | null>('configuration-form');

/** New or edit configuration. */
export function ConfigurationFormDialog({ onSaved }: { onSaved?: (c: Configuration) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Configuration | null>(null);
  const form = useContractForm<ConfigurationFormValues, ConfigurationInput>({
    ...configurationForm,
    defaultValues: emptyConfigurationForm(),
  });
  const { control, handleSubmit, reset, showFieldErrors } = form;
  const save = useSaveConfiguration({
    success: (t, _saved, { id }) => t(id ? 'configurations.saved' : 'success.entityCreated'),
    onFieldErrors: showFieldErrors,
    onSuccess: (saved) => {
      dialogs.close(CONFIGURATION_FORM_DIALOG.name);
      onSaved?.(saved);
    },
  });
  const submit = handleSubmit((input) => save.run({ id: editing?.id, input }));

  const toggle = (name: 'workstation_login_enabled' | 'web_login_enabled', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );

  return (
    <FormDialog
      dialog={CONFIGURATION_FORM_DIALOG}
      title={t(editing ? 'configurations.form.editTitle' : 'configurations.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(configuration) => {
        setEditing(configuration);
        reset(configuration ? configurationFormOf(configuration) : emptyConfigurationForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" autoFocus required label={t('configurations.form.name')} />
        <FormTextField
          control={control}
          name="description"
          multiline
          minRows={2}
          label={t('configurations.form.description')}
        />
        <FormTextField
          control={control}
          name="app_credential_biometry"
          select
          label={t('configurations.form.biometry')}
        >
          {BIOMETRY_LEVELS.map((b) => (
            <MenuItem key={b} value={b}>
              {t(`configurations.biometry.${b}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormGroup row>
          {toggle('workstation_login_enabled', t('configurations.form.workstationLogin'))}
          {toggle('web_login_enabled', t('configurations.form.webLogin'))}
        </FormGroup>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('configurations.form.available')}</FormLabel>
          <FormGroup row>
            {CONFIGURATION_CREDENTIAL_TYPES.map((k) => (
              <Controller
                key={k}
                control={control}
                name={`available.${k}`}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label={t(`configurations.kinds.${k}`)}
                  />
                )}
              />
            ))}
          </FormGroup>
        </FormControl>
      </Stack>
    </FormDialog>
  );
}
