import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { maxLengthOf, type SettingsValues } from '../../lib/settingsForm';
import { useValidators } from '../settingsContext';

/**
 * The SMS gateway's API token is write-only: the page says whether one is set and can replace or
 * remove it, but never shows it (the server never sends it). The form holds nothing for it
 * (unchanged), a new token, or '' (remove).
 */
export function SmsTokenField() {
  const { t } = useTranslation();
  const labelId = useId();
  const { control } = useFormContext<SettingsValues>();
  const isSet = useWatch({ control, name: 'general.sms_api_token_set' });
  const { field, fieldState } = useController({ control, name: 'general.sms_api_token' });
  const { defaultValues } = useFormState({ control });
  const maxLength = maxLengthOf(useValidators(), 'general.sms_api_token') ?? undefined;
  const [replacing, setReplacing] = useState(false);
  // Saved or discarded (the form was reset): back to saying whether a token is set.
  const [formStart, setFormStart] = useState(defaultValues);
  if (formStart !== defaultValues) {
    setFormStart(defaultValues);
    setReplacing(false);
  }

  if (replacing) {
    return (
      <TextField
        name={field.name}
        inputRef={field.ref}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={field.onBlur}
        label={t('settings.sms.tokenNew')}
        type="password"
        autoComplete="new-password"
        size="small"
        fullWidth
        autoFocus
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ?? t('settings.sms.tokenHint')}
        slotProps={{
          htmlInput: { maxLength },
          input: {
            endAdornment: (
              <Button
                size="small"
                onClick={() => {
                  field.onChange(undefined);
                  setReplacing(false);
                }}
              >
                {t('common.cancel')}
              </Button>
            ),
          },
        }}
      />
    );
  }
  const removing = field.value === '';
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="caption" color="text.secondary" component="div">
        {t('settings.sms.token')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="sms-token-status" sx={{ mr: 1 }}>
          {removing
            ? t('settings.sms.tokenWillBeRemoved')
            : isSet
              ? t('settings.sms.tokenSet')
              : t('settings.sms.tokenNotSet')}
        </Typography>
        {removing ? (
          <Button size="small" onClick={() => field.onChange(undefined)}>
            {t('settings.sms.tokenKeep')}
          </Button>
        ) : (
          <>
            <Button size="small" onClick={() => setReplacing(true)}>
              {isSet ? t('settings.sms.tokenReplace') : t('settings.sms.tokenAdd')}
            </Button>
            {isSet && (
              <Button size="small" color="error" onClick={() => field.onChange('')}>
                {t('settings.sms.tokenRemove')}
              </Button>
            )}
          </>
        )}
      </Stack>
      {fieldState.error && (
        <Typography variant="caption" color="error" role="alert">
          {fieldState.error.message}
        </Typography>
      )}
    </Box>
  );
}
