import { zodResolver } from '@hookform/resolvers/zod';
import { passwordPolicyError } from '@portiere/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { SignInField } from './SignInField';
import styles from './signIn.module.css';

export interface NewPassword {
  newPassword: string;
  confirmPassword: string;
}

/** The server's field messages for the two fields (policy, mismatch), or null on success. */
export type SubmitNewPassword = (
  newPassword: string,
  confirmPassword: string,
) => Promise<Partial<Record<keyof NewPassword, string>> | null>;

export function ChangePasswordStep({ onSubmit, onBack }: { onSubmit: SubmitNewPassword; onBack: () => void }) {
  const { t } = useTranslation();
  // What the browser can tell (the contract's password policy, two passwords that differ) is said
  // under its field and nothing is sent; the server checks the same again, and what only it
  // knows (the password in use) comes back under the field too.
  const schema = z
    .object({
      newPassword: z.string().min(1, t('validation.required')),
      confirmPassword: z.string().min(1, t('validation.required')),
    })
    .superRefine(({ newPassword, confirmPassword }, ctx) => {
      const policy = newPassword ? passwordPolicyError(newPassword) : null;
      if (policy) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: fieldErrorMessage(t, policy) });
      if (confirmPassword && confirmPassword !== newPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: t('validation.passwordsMatch') });
      }
    });
  const { register, handleSubmit, formState, setError } = useForm<NewPassword>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async (v) => {
    const fields = await onSubmit(v.newPassword, v.confirmPassword);
    // The confirmation first, so that the focus lands on the first refused field.
    if (fields?.confirmPassword)
      setError('confirmPassword', { type: 'server', message: fields.confirmPassword }, { shouldFocus: true });
    if (fields?.newPassword)
      setError('newPassword', { type: 'server', message: fields.newPassword }, { shouldFocus: true });
  });
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <p className={styles.info} role="alert">
        {t('info.passwordMustChange')}
      </p>
      <SignInField
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        autoFocus
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <SignInField
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" className={styles.button} disabled={isSubmitting}>
        {t('auth.changePassword')}
      </button>
      <button type="button" className={styles.textButton} onClick={onBack}>
        {t('auth.back')}
      </button>
    </form>
  );
}
