import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { browserSupportsWebAuthn, NoKeyAnswer, signWithKey } from '../../../lib/securityKey';
import { useFocusOnMount } from '../../../lib/useFocusOnMount';
import { answerError, Refusal } from '../Refusal';
import { useSubmit } from '../useSubmit';
import type { AnswerProps } from './types';

/**
 * A security key or passkey: the browser asks the authenticator to sign this sign-in's challenge
 * (@simplewebauthn/browser), and the answer goes to the server. A wrong key says 'Login failed.'
 * like a wrong code; a key that did not answer says so and nothing counts.
 */
export function KeyAnswer({ flow, attemptsLeft, autoFocus }: AnswerProps) {
  const { d } = useI18n();
  const [noAnswer, setNoAnswer] = useState(false);
  const submit = useSubmit();
  const ref = useFocusOnMount<HTMLButtonElement>(autoFocus);
  const supported = browserSupportsWebAuthn();

  async function askKey() {
    setNoAnswer(false);
    const err = await submit.run(async () => {
      const assertion = await signWithKey(await flow.webauthnOptions());
      await flow.verify('keypair', '', undefined, assertion);
    });
    if (err instanceof NoKeyAnswer) {
      submit.clear();
      setNoAnswer(true);
    }
  }

  if (!supported) return <Notice tone="error">{d.signin.keyUnsupported}</Notice>;
  const wrong = answerError(d, submit.error, attemptsLeft);
  return (
    <>
      <p>{d.signin.keyHint}</p>
      {submit.busy && <Loading label={d.signin.keyWaiting} />}
      {noAnswer && <Notice tone="error">{d.signin.keyNoAnswer}</Notice>}
      {wrong && <Notice tone="error">{wrong}</Notice>}
      <Refusal error={submit.error} onRetry={askKey} />
      <div className="actions">
        <button ref={ref} type="button" className="btn btn-primary" disabled={submit.busy} onClick={askKey}>
          {d.signin.useKey}
        </button>
      </div>
    </>
  );
}
