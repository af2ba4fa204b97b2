import type { SignInKind } from '@portiere/contracts';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { Field } from '../../../components/Field';
import type { Dictionary } from '../../../lib/i18n/en';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { useFocusOnMount } from '../../../lib/useFocusOnMount';
import { isWrongAnswer } from '../outcome';
import { answerError, Refusal } from '../Refusal';
import { useSubmit } from '../useSubmit';
import type { AnswerProps } from './types';

/** Kinds answered by typing a value. */
export type TypedKind = Exclude<SignInKind, 'app' | 'keypair'>;

interface Shape {
  label: string;
  hint?: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  /** The member's own check before sending: a message, or null. */
  check?: (value: string) => string | null;
  /** What is sent: codes without the spaces people type between groups of digits. */
  clean: (value: string) => string;
}

const asTyped = (v: string) => v;
const noSpaces = (v: string) => v.replace(/\s+/g, '');
const CODE = { inputMode: 'numeric', autoComplete: 'one-time-code', className: 'code-input' } as const;

function shapeOf(d: Dictionary, kind: TypedKind): Shape {
  const s = d.signin;
  const otp = (label: string): Shape => ({
    label,
    hint: s.otpHint,
    input: { ...CODE, maxLength: 9 },
    check: (v) => (/^\d{6,8}$/.test(v) ? null : s.otpDigits),
    clean: noSpaces,
  });
  switch (kind) {
    case 'password':
      return { label: s.password, input: { type: 'password', autoComplete: 'current-password' }, clean: asTyped };
    case 'pin':
      return { label: s.pin, input: { type: 'password', inputMode: 'numeric', autoComplete: 'off' }, clean: asTyped };
    case 'totp':
      return otp(s.totpCode);
    case 'hotp':
      return otp(s.hotpCode);
    case 'mail':
    case 'sms':
      return { label: s.code, hint: s.codeHint, input: { ...CODE, maxLength: 16 }, clean: noSpaces };
    case 'recovery':
      return {
        label: s.recoveryCode,
        hint: s.recoveryHint,
        input: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, className: 'mono' },
        clean: (v) => v.trim(),
      };
  }
}

/**
 * One typed answer (password, PIN, an app's or a message's code, a recovery code) and Continue.
 * A wrong answer says 'Login failed.' under the field (with the attempts left when few), empties
 * it and puts the focus back there.
 */
export function TypedAnswer({ flow, kind, attemptsLeft, autoFocus }: AnswerProps & { kind: TypedKind }) {
  const { d } = useI18n();
  const shape = shapeOf(d, kind);
  const [value, setValue] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const submit = useSubmit();
  const ref = useFocusOnMount<HTMLInputElement>(autoFocus);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const answer = shape.clean(value);
    const problem = !answer ? d.validation.required : (shape.check?.(answer) ?? null);
    setChecked(problem);
    if (problem) {
      submit.clear();
      ref.current?.focus();
      return;
    }
    if (isWrongAnswer(await submit.run(() => flow.verify(kind, answer)))) {
      setValue('');
      ref.current?.focus();
    }
  }

  const wrong = answerError(d, submit.error, attemptsLeft);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        ref={ref}
        label={shape.label}
        hint={shape.hint}
        error={checked ?? wrong}
        live
        value={value}
        onChange={(e) => setValue(e.target.value)}
        {...shape.input}
      />
      <Refusal error={submit.error} onRetry={submit.again} />
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={submit.busy}>
          {d.signin.continue}
        </button>
      </div>
    </form>
  );
}
