import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { fill } from '../../../lib/i18n/fill';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { errorMessage, fieldMessage } from '../../../lib/messages';
import { checkSecret, type SecretErrors } from './secretRules';
import type { StepProps } from './types';

/** Password or PIN: typed twice, within the customer's bounds; set at once. */
export function SecretStep({ api, kind, policy, onEnrolled }: StepProps) {
  const { d } = useI18n();
  const pin = kind === 'pin';
  const [value, setValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<SecretErrors | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkSecret(d, pin ? 'pin' : 'password', policy, value, repeat);
    setErrors(found);
    setFailure(null);
    if (found.value || found.repeat || busy) return;
    setBusy(true);
    try {
      const { credential } = await api.start({ type: kind, value });
      onEnrolled(credential);
    } catch (err) {
      const field = fieldMessage(d, err, 'value');
      if (field) setErrors({ value: field, repeat: null });
      else setFailure(errorMessage(d, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={pin ? d.secret.pin : d.secret.password}
        hint={
          pin
            ? fill(d.secret.pinHint, { min: policy.pin_min_length, max: policy.pin_max_length })
            : fill(d.secret.passwordHint, { min: policy.password_min_length })
        }
        error={errors?.value}
        type="password"
        autoComplete={pin ? 'off' : 'new-password'}
        inputMode={pin ? 'numeric' : undefined}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Field
        label={pin ? d.secret.pinRepeat : d.secret.passwordRepeat}
        error={errors?.repeat}
        type="password"
        autoComplete={pin ? 'off' : 'new-password'}
        inputMode={pin ? 'numeric' : undefined}
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {d.secret.save}
        </button>
      </div>
    </form>
  );
}
