import type { LoginRequest } from '@portiere/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInField } from './SignInField';
import styles from './signIn.module.css';

export type Credentials = Pick<LoginRequest, 'username' | 'password'>;
type Errors = Partial<Record<keyof Credentials, string>>;

/**
 * Username and password. Two required fields, checked here rather than with react-hook-form and
 * zod: this step is painted from the first chunk, which has no room for them (issue 35); the
 * later steps, loaded when reached, use them. `onInput` runs at the first keystroke (or autofill).
 */
export function CredentialsStep({
  onSubmit,
  onInput,
}: {
  onSubmit: (values: Credentials) => Promise<void>;
  onInput?: () => void;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = {
      username: String(data.get('username') ?? '').trim(),
      password: String(data.get('password') ?? ''),
    };
    const found: Errors = {};
    if (!values.username) found.username = t('validation.required');
    if (!values.password) found.password = t('validation.required');
    setErrors(found);
    const first = (['username', 'password'] as const).find((name) => found[name]);
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement).focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  };

  // As react-hook-form does after a refused submit: a field's message goes once it is filled.
  const clearFilled = (event: FormEvent<HTMLFormElement>) => {
    onInput?.();
    const input = event.target as HTMLInputElement;
    const name = input.name as keyof Credentials;
    if (errors[name] && input.value) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} onInput={clearFilled}>
      <SignInField
        name="username"
        label={t('auth.username')}
        autoComplete="username"
        autoFocus
        error={errors.username}
      />
      <SignInField
        name="password"
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <button type="submit" className={styles.button} disabled={submitting}>
        {t('auth.signIn')}
      </button>
    </form>
  );
}
