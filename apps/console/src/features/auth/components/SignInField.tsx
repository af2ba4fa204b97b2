import { type ComponentProps, useId } from 'react';
import styles from './signIn.module.css';

/**
 * An outlined text field of the sign-in page (MUI's look, without MUI): the label names the
 * input, an error is said under it and read with it. Takes react-hook-form's register() props.
 */
export function SignInField({ label, error, ...input }: { label: string; error?: string } & ComponentProps<'input'>) {
  const id = useId();
  const helper = `${id}-helper-text`;
  return (
    <div className={error ? `${styles.field} ${styles.invalid}` : styles.field}>
      {/* A blank placeholder: :placeholder-shown tells the stylesheet the field is empty. */}
      <input
        id={id}
        className={styles.input}
        placeholder=" "
        aria-invalid={Boolean(error)}
        aria-describedby={error ? helper : undefined}
        {...input}
      />
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {error && (
        <p id={helper} className={styles.helper}>
          {error}
        </p>
      )}
    </div>
  );
}
