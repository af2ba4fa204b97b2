import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { BIOMETRY_LEVELS, CONFIGURATION_CREDENTIAL_TYPES, type Configuration } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useSaveConfiguration } from '../api/configurationsApi';
import {
  type Biometry,
  type ConfigurationFormValues,
  configurationFormOf,
  configurationInputOf,
  emptyConfigurationForm,
  validateConfigurationForm,
} from '../lib/configurationForm';

/** Opens with the configuration to edit, or null for a new one. */
export const CONFIGURATION_FORM_DIALOG = dialogName<Configuration | null>('configuration-form');

type Errors = Partial<Record<'name' | 'description', string>>;

/** New or edit configuration. */
export function ConfigurationFormDialog({ onSaved }: { onSaved?: (c: Configuration) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Configuration | null>(null);
  const [values, setValues] = useState<ConfigurationFormValues>(emptyConfigurationForm);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<ConfigurationFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const save = useSaveConfiguration({
    success: (t, _saved, { id }) => t(id ? 'configurations.saved' : 'success.entityCreated'),
    onFieldErrors: setErrors,
    onSuccess: (saved) => {
      dialogs.close(CONFIGURATION_FORM_DIALOG.name);
      onSaved?.(saved);
    },
  });

  const submit = async () => {
    const fe = validateConfigurationForm(values);
    const e: Errors = {};
    for (const [k, v] of Object.entries(fe)) if (v) e[k as keyof Errors] = fieldErrorMessage(t, v);
    setErrors(e);
    if (Object.keys(e).length) return;
    await save.run({ id: editing?.id, input: configurationInputOf(values) });
  };

  return (
    <FormDialog
      dialog={CONFIGURATION_FORM_DIALOG}
      title={t(editing ? 'configurations.form.editTitle' : 'configurations.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(configuration) => {
        setEditing(configuration);
        setValues(configuration ? configurationFormOf(configuration) : emptyConfigurationForm());
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('configurations.form.name')}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          multiline
          minRows={2}
          label={t('configurations.form.description')}
          value={values.description}
          onChange={(e) => set({ description: e.target.value })}
          error={Boolean(errors.description)}
          helperText={errors.description}
        />
        <TextField
          select
          label={t('configurations.form.biometry')}
          value={values.app_credential_biometry}
          onChange={(e) => set({ app_credential_biometry: e.target.value as Biometry })}
        >
          {BIOMETRY_LEVELS.map((b) => (
            <MenuItem key={b} value={b}>
              {t(`configurations.biometry.${b}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormGroup row>
          <FormControlLabel
            control={
              <Switch
                checked={values.workstation_login_enabled}
                onChange={(e) => set({ workstation_login_enabled: e.target.checked })}
              />
            }
            label={t('configurations.form.workstationLogin')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={values.web_login_enabled}
                onChange={(e) => set({ web_login_enabled: e.target.checked })}
              />
            }
            label={t('configurations.form.webLogin')}
          />
        </FormGroup>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('configurations.form.available')}</FormLabel>
          <FormGroup row>
            {CONFIGURATION_CREDENTIAL_TYPES.map((k) => (
              <FormControlLabel
                key={k}
                control={
                  <Checkbox
                    checked={values.available[k]}
                    onChange={(e) => set({ available: { ...values.available, [k]: e.target.checked } })}
                  />
                }
                label={t(`configurations.kinds.${k}`)}
              />
            ))}
          </FormGroup>
        </FormControl>
      </Stack>
    </FormDialog>
  );
}
