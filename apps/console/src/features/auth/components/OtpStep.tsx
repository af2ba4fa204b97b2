import { zodResolver } from '@hookform/resolvers/zod';
import { LOGIN_OTP_LENGTH } from '@portiere/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SignInField } from './SignInField';
import styles from './signIn.module.css';

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
    <form className={styles.form} noValidate onSubmit={handleSubmit((v) => onSubmit(v.code.trim()))}>
      <p className={styles.text}>{t('auth.otpPrompt')}</p>
      <p className={styles.secondary} data-testid="otp-email">
        {email}
      </p>
      <SignInField
        label={t('auth.code')}
        autoComplete="one-time-code"
        autoFocus
        inputMode="numeric"
        maxLength={LOGIN_OTP_LENGTH}
        pattern="[0-9]*"
        error={errors.code?.message}
        {...register('code')}
      />
      <button type="submit" className={styles.button} disabled={isSubmitting}>
        {t('auth.verify')}
      </button>
      <button type="button" className={styles.textButton} onClick={onBack}>
        {t('auth.back')}
      </button>
    </form>
  );
}
