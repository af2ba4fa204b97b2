import { Box, Button, Stack, Typography } from '@mui/material';
import type { SettingsSection } from '@portiere/contracts';
import { type ReactNode, useRef } from 'react';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/dialogs/unsavedChanges';
import { feedback } from '../../../components/feedback/feedbackStore';
import { type SettingsAnswer, useSaveSettings } from '../api/settingsApi';
import { type SettingsValues, settingsResolver, type Validators } from '../lib/settingsForm';
import { changedSettings } from '../lib/settingsPatch';
import { ValidatorsContext } from './settingsContext';

/** The save's feedback source: a saved form dismisses the messages of refused attempts, its own check's too. */
const SAVE_SETTINGS = 'saveSettings';

interface Props {
  customerId: string;
  answer: SettingsAnswer;
  /** The sections this page edits: checked before saving, and the only ones a save sends. */
  sections: readonly SettingsSection[];
  children: ReactNode;
  /** Beside the cards (the customisation preview): inside the form, so it sees the values as typed. */
  aside?: ReactNode;
  /** Changes the page holds outside the form (chosen logo files): leaving asks too. */
  alsoUnsaved?: boolean;
}

/**
 * A settings page's form: its cards, one Save for all of them. The save sends only what changed
 * (deep), the server's per-field refusals show under their fields, and leaving the page with
 * unsaved changes asks first.
 */
export function SettingsForm({ customerId, answer, sections, children, aside, alsoUnsaved = false }: Props) {
  const { t } = useTranslation();
  const validators = answer.validators as Validators;
  // What the form started from: the last saved settings (a logo upload meanwhile leaves the form alone).
  const saved = useRef<SettingsValues>(answer.settings);
  const form = useForm<SettingsValues>({
    defaultValues: answer.settings,
    resolver: settingsResolver(t, validators, sections),
  });
  const { handleSubmit, formState, reset, setError } = form;
  useUnsavedChanges(formState.isDirty || alsoUnsaved);
  const saveSettings = useSaveSettings(customerId, {
    source: SAVE_SETTINGS,
    success: (t) => t('success.savedSettings'),
    message: (t) => t('error.savingSettings'),
    onFieldErrors: (fields) => {
      for (const [path, message] of Object.entries(fields)) {
        setError(path as Path<SettingsValues>, { type: 'server', message }, { shouldFocus: true });
      }
    },
    onSuccess: (answer) => {
      saved.current = answer.settings;
      reset(answer.settings);
    },
  });

  const save = handleSubmit(
    async (values) => {
      const patch = changedSettings(saved.current, values, sections);
      if (Object.keys(patch).length === 0) return reset(values);
      await saveSettings.run(patch);
    },
    () => feedback.push({ type: 'error', message: t('error.validation'), source: SAVE_SETTINGS }),
  );

  return (
    <ValidatorsContext value={validators}>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={save}
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: aside ? { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(360px, 440px)' } : '1fr',
          }}
        >
          <Stack spacing={3}>
            {children}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
              {formState.isDirty && (
                <Typography variant="body2" color="warning.main" role="status" sx={{ mr: 'auto' }}>
                  {t('settings.unsaved')}
                </Typography>
              )}
              <Button disabled={!formState.isDirty} onClick={() => reset(saved.current)}>
                {t('settings.discard')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!formState.isDirty || formState.isSubmitting}
              >
                {t('settings.save')}
              </Button>
            </Stack>
          </Stack>
          {aside && <Box sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>{aside}</Box>}
        </Box>
      </FormProvider>
    </ValidatorsContext>
  );
}
