import type { EnrollmentCredential } from '@portiere/contracts';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { ApiError } from '../../../lib/api';
import { fill } from '../../../lib/i18n/fill';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { errorMessage } from '../../../lib/messages';
import type { EnrollApi } from '../api';

interface Props {
  api: EnrollApi;
  credential: EnrollmentCredential;
  label: string;
  hint: string;
  /** OTP length when known: the field takes no more. */
  digits?: number;
  confirmLabel: string;
  onEnrolled: (credential: EnrollmentCredential) => void;
  /** Offered once the credential is locked. */
  onRestart: () => void;
}

type Outcome = { kind: 'wrong'; attemptsLeft: number | null } | { kind: 'locked' } | { kind: 'error'; message: string };

/** One code confirms the credential; wrong codes count towards its lock, as at sign-in. */
export function CodeConfirm({ api, credential, label, hint, digits, confirmLabel, onEnrolled, onRestart }: Props) {
  const { d } = useI18n();
  const [value, setValue] = useState('');
  const [required, setRequired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const code = value.replace(/\s+/g, '');
    setRequired(!code);
    if (!code || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await api.confirm(credential.id, code);
      if (result.ok) return onEnrolled(result.credential);
      setOutcome(result.locked ? { kind: 'locked' } : { kind: 'wrong', attemptsLeft: result.attempts_left });
      setValue('');
    } catch (err) {
      setOutcome(
        err instanceof ApiError && err.code === 'credentialLocked'
          ? { kind: 'locked' }
          : { kind: 'error', message: errorMessage(d, err) },
      );
    } finally {
      setBusy(false);
    }
  }

  if (outcome?.kind === 'locked') {
    return (
      <>
        <Notice tone="error">{d.confirm.locked}</Notice>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={onRestart}>
            {d.enroll.startAgain}
          </button>
        </div>
      </>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={label}
        hint={hint}
        error={required ? d.validation.required : null}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={digits ?? 16}
        className="code-input"
      />
      {outcome?.kind === 'wrong' && (
        <Notice tone="error">
          {d.confirm.wrong}{' '}
          {outcome.attemptsLeft === 1
            ? d.confirm.attemptLeft
            : outcome.attemptsLeft !== null && fill(d.confirm.attemptsLeft, { count: outcome.attemptsLeft })}
        </Notice>
      )}
      {outcome?.kind === 'error' && <Notice tone="error">{outcome.message}</Notice>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </form>
  );
}
