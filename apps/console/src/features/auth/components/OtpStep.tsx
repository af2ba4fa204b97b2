import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { LOGIN_OTP_LENGTH } from '@portiere/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export function OtpStep({
  email,
  onSubmit,
  onBack,
}: {
  email: string;
  onSubmit: (code: string) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const schema = z.object({
    code: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .regex(/^\d*$/, t('validation.onlyNumbers'))
      .length(LOGIN_OTP_LENGTH, t('validation.minLength', { min: LOGIN_OTP_LENGTH })),
  });
  const { register, handleSubmit, formState } = useForm<{ code: string }>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = formState;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit((v) => onSubmit(v.code.trim()))}>
      <Typography>{t('auth.otpPrompt')}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="otp-email">
        {email}
      </Typography>
      <TextField
        label={t('auth.code')}
        autoComplete="one-time-code"
        autoFocus
        error={Boolean(errors.code)}
        helperText={errors.code?.message}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: LOGIN_OTP_LENGTH, pattern: '[0-9]*' } }}
        {...register('code')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {t('auth.verify')}
      </Button>
      <Button onClick={onBack}>{t('auth.back')}</Button>
    </Stack>
  );
}
