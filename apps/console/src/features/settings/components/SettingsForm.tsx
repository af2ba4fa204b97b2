import { Box, Button, Stack } from '@mui/material';
import type { CustomerSettings } from '@portiere/contracts';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../components/feedback/feedbackStore';
import { type SettingsAnswer, useSaveSettings } from '../api/settingsApi';
import { CmsCard } from './CmsCard';
import { GeneralCard } from './GeneralCard';
import { ScaCard } from './ScaCard';
import { changedSections, settingsResolver } from './settingsForm';

/** The save's feedback source: a saved form dismisses the messages of refused attempts, its own check's too. */
const SAVE_SETTINGS = 'saveSettings';

export function SettingsForm({ customerId, answer }: { customerId: string; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const form = useForm<CustomerSettings>({ defaultValues: answer.settings, resolver: settingsResolver(t) });
  const { handleSubmit, formState, reset, setError } = form;
  const saveSettings = useSaveSettings(customerId, {
    source: SAVE_SETTINGS,
    success: (t) => t('success.savedSettings'),
    message: (t) => t('error.savingSettings'),
    onFieldErrors: (fields) => {
      for (const [path, message] of Object.entries(fields)) {
        setError(path as Path<CustomerSettings>, { type: 'server', message });
      }
    },
    onSuccess: (saved) => reset(saved.settings),
  });

  const save = handleSubmit(
    async (values) => {
      const patch = changedSections(answer.settings, values);
      if (Object.keys(patch).length === 0) return;
      await saveSettings.run(patch);
    },
    () => feedback.push({ type: 'error', message: t('error.validation'), source: SAVE_SETTINGS }),
  );

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={save}>
        <Stack spacing={3}>
          <GeneralCard validators={answer.validators} />
          <ScaCard validators={answer.validators} />
          <CmsCard validators={answer.validators} />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              {t('settings.save')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </FormProvider>
  );
}
