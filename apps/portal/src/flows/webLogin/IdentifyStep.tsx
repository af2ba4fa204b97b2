import type { SignInState } from '@portiere/contracts';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { Field } from '../../components/Field';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useFocusOnMount } from '../../lib/useFocusOnMount';
import { Refusal } from './Refusal';
import type { SignInFlowApi } from './useSignIn';
import { useSubmit } from './useSubmit';

type Identifier = SignInState['username_text'];

/** The keyboard and autofill that suit what the customer asks members for. */
const INPUT: Record<Identifier, InputHTMLAttributes<HTMLInputElement>> = {
  username: { type: 'text' },
  email: { type: 'email', inputMode: 'email' },
  phone_number: { type: 'tel', inputMode: 'tel' },
  id: { type: 'text' },
};

interface Props {
  flow: SignInFlowApi;
  identifier: Identifier;
  loginText: string;
}

/** Who is signing in: the name the customer asks for, or a temporary card's code. */
export function IdentifyStep({ flow, identifier, loginText }: Props) {
  const { d } = useI18n();
  // Each form focuses its field when it appears: on arrival, and after switching between them.
  const [card, setCard] = useState(false);
  const what = d.signin.identifiers[identifier];
  return (
    <>
      {loginText && <p className="login-text">{loginText}</p>}
      {card ? (
        <CardForm key="card" flow={flow} />
      ) : (
        <NameForm key="name" flow={flow} identifier={identifier} label={what} />
      )}
      <div className="links">
        <button type="button" className="btn btn-link" onClick={() => setCard((c) => !c)}>
          {card ? d.signin.noCard : d.signin.useCard}
        </button>
      </div>
    </>
  );
}

function NameForm({ flow, identifier, label }: { flow: SignInFlowApi; identifier: Identifier; label: string }) {
  const { d } = useI18n();
  const [value, setValue] = useState('');
  const [required, setRequired] = useState(false);
  const submit = useSubmit();
  const ref = useFocusOnMount<HTMLInputElement>();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const username = value.trim();
    setRequired(!username);
    if (!username) return ref.current?.focus();
    void submit.run(() => flow.identify(username));
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        ref={ref}
        label={label}
        error={required ? d.validation.required : null}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={200}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        {...INPUT[identifier]}
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

function CardForm({ flow }: { flow: SignInFlowApi }) {
  const { d } = useI18n();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useSubmit();
  const ref = useFocusOnMount<HTMLInputElement>();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const cardCode = value.replace(/\s+/g, '');
    const found = !cardCode ? d.validation.required : /^\d{1,32}$/.test(cardCode) ? null : d.signin.cardDigits;
    setProblem(found);
    if (found) return ref.current?.focus();
    void submit.run(() => flow.card(cardCode));
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        ref={ref}
        label={d.signin.cardCode}
        hint={d.signin.cardCodeHint}
        error={problem}
        inputMode="numeric"
        autoComplete="off"
        className="code-input"
        maxLength={40}
        value={value}
        onChange={(e) => setValue(e.target.value)}
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
