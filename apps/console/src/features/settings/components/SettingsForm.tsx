import { Box, Button, Stack } from '@mui/material';
import type { CustomerSettings } from '@portiere/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../components/feedback/feedbackStore';
import { isApiError } from '../../../lib/api/apiError';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { patchSettings, type SettingsAnswer, settingsQuery } from '../api/settingsApi';
import { CmsCard } from './CmsCard';
import { GeneralCard } from './GeneralCard';
import { ScaCard } from './ScaCard';
import { changedSections, settingsResolver } from './settingsForm';

export function SettingsForm({ customerId, answer }: { customerId: string; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<CustomerSettings>({ defaultValues: answer.settings, resolver: settingsResolver(t) });
  const { handleSubmit, formState, reset, setError } = form;

  const save = handleSubmit(
    async (values) => {
      const patch = changedSections(answer.settings, values);
      if (Object.keys(patch).length === 0) return;
      try {
        const saved = await patchSettings(customerId, patch);
        queryClient.setQueryData(settingsQuery(customerId).queryKey, saved);
        reset(saved.settings);
        feedback.push({ type: 'success', message: t('success.savedSettings') });
      } catch (err) {
        const details = isApiError(err) ? err.body?.details : undefined;
        for (const [path, fe] of Object.entries(details ?? {})) {
          setError(path as Path<CustomerSettings>, { type: 'server', message: fieldErrorMessage(t, fe) });
        }
        feedback.push({ type: 'error', message: t('error.savingSettings') });
      }
    },
    () => feedback.push({ type: 'error', message: t('error.validation') }),
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
