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
import type { Configuration } from '@portiere/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { feedback } from '../../../components/feedback/feedbackStore';
import { isApiError } from '../../../lib/api/apiError';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { createConfiguration, updateConfiguration } from '../api/configurationsApi';
import {
  BIOMETRY_LEVELS,
  type Biometry,
  CONFIGURATION_CREDENTIAL_TYPES,
  type ConfigurationFormValues,
  configurationFormOf,
  configurationInputOf,
  emptyConfigurationForm,
  validateConfigurationForm,
} from '../lib/configurationForm';

export const CONFIGURATION_FORM_DIALOG = 'config-group-form';

type Errors = Partial<Record<'name' | 'description', string>>;

/** New or edit configuration group. */
export function ConfigurationFormDialog({
  group,
  onSaved,
}: {
  group: Configuration | null;
  onSaved?: (g: Configuration) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ConfigurationFormValues>(emptyConfigurationForm);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ConfigurationFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async () => {
    const fe = validateConfigurationForm(values);
    const e: Errors = {};
    for (const [k, v] of Object.entries(fe)) if (v) e[k as keyof Errors] = fieldErrorMessage(t, v);
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const input = configurationInputOf(values);
      const saved = group ? await updateConfiguration(group.id, input) : await createConfiguration(input);
      feedback.push({ type: 'success', message: t(group ? 'configurations.saved' : 'success.entityCreated') });
      dialogs.close(CONFIGURATION_FORM_DIALOG);
      onSaved?.(saved);
    } catch (err) {
      const details = isApiError(err) ? err.body?.details : undefined;
      if (details) {
        const fieldErrors: Errors = {};
        for (const k of ['name', 'description'] as const) {
          const d = details[k];
          if (d)
            fieldErrors[k] = isApiError(err) && err.status === 409 ? t('error.nameExists') : fieldErrorMessage(t, d);
        }
        setErrors(fieldErrors);
      }
      feedback.push({ type: 'error', message: errorMessage(t, err) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['config-groups'] });
    }
  };

  return (
    <FormDialog
      name={CONFIGURATION_FORM_DIALOG}
      title={t(group ? 'configurations.form.editTitle' : 'configurations.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={busy}
      onOpen={() => {
        setValues(group ? configurationFormOf(group) : emptyConfigurationForm());
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
