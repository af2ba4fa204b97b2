import { Stack, Typography } from '@mui/material';
import type { HardwareToken } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { type HardwareTokenResync, useResyncHardwareToken } from '../api/hardwareTokensApi';
import { emptyResync, type ResyncValues, resyncForm } from '../lib/hardwareTokenForms';

export const RESYNC_HARDWARE_TOKEN_DIALOG = dialogName<HardwareToken>('resync-hardware-token');

/** Resync: two codes the token shows one after the other, typed in that order. */
export function ResyncHardwareTokenDialog() {
  const { t } = useTranslation();
  const [token, setToken] = useState<HardwareToken | null>(null);
  const { control, handleSubmit, reset, setError, showFieldErrors } = useContractForm<
    ResyncValues,
    HardwareTokenResync
  >({
    ...resyncForm,
    defaultValues: emptyResync,
  });
  const resync = useResyncHardwareToken({
    onFieldErrors: showFieldErrors,
    // Codes that do not follow each other are said under the second one.
    onError: (_err, message) => setError('code2', { type: 'server', message }),
    onSuccess: () => dialogs.close(RESYNC_HARDWARE_TOKEN_DIALOG.name),
  });
  const submit = handleSubmit((body) => (token ? resync.run({ token, body }) : undefined));
  const digits = token?.digits ?? 6;
  const codeInput = { htmlInput: { inputMode: 'numeric' as const, maxLength: digits, autoComplete: 'off' } };

  return (
    <FormDialog
      dialog={RESYNC_HARDWARE_TOKEN_DIALOG}
      title={t('hardwareTokens.resync.title', { serial: token?.serial ?? '' })}
      onSubmit={submit}
      submitLabel={t('hardwareTokens.resync.submit')}
      busy={resync.isPending}
      onOpen={(payload) => {
        setToken(payload);
        reset(emptyResync);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">{t('hardwareTokens.resync.message')}</Typography>
        <FormTextField
          control={control}
          name="code1"
          autoFocus
          required
          label={t('hardwareTokens.resync.code1')}
          slotProps={codeInput}
        />
        <FormTextField
          control={control}
          name="code2"
          required
          label={t('hardwareTokens.resync.code2')}
          slotProps={codeInput}
        />
      </Stack>
    </FormDialog>
  );
}
