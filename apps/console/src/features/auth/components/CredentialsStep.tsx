import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextField } from '@mui/material';
import type { LoginRequest } from '@portiere/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export type Credentials = Pick<LoginRequest, 'username' | 'password'>;

export function CredentialsStep({ onSubmit }: { onSubmit: (values: Credentials) => Promise<void> }) {
  const { t } = useTranslation();
  const schema = z.object({
    username: z.string().trim().min(1, t('validation.required')),
    password: z.string().min(1, t('validation.required')),
  });
  const { register, handleSubmit, formState } = useForm<Credentials>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={t('auth.username')}
        autoComplete="username"
        autoFocus
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {t('auth.signIn')}
      </Button>
    </Stack>
  );
}
