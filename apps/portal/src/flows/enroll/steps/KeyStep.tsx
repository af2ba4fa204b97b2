import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/Field';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { errorMessage } from '../../../lib/messages';
import { browserSupportsWebAuthn, NoKeyAnswer, registerKey } from '../../../lib/securityKey';
import { PemStep } from './PemStep';
import type { StepProps } from './types';

/**
 * A key pair: in a browser, a security key or passkey (WebAuthn, registered through
 * @simplewebauthn/browser with the server's options); a PEM public key stays possible for a
 * workstation's own key. A smartcard is its certificate.
 */
export function KeyStep(props: StepProps) {
  const { d } = useI18n();
  if (props.kind === 'smartcard') return <PemStep {...props} />;
  return (
    <>
      <SecurityKeyForm {...props} />
      <details className="alternative">
        <summary>{d.key.pemInstead}</summary>
        <PemStep {...props} />
      </details>
    </>
  );
}

function SecurityKeyForm({ api, onEnrolled }: StepProps) {
  const { d } = useI18n();
  const [name, setName] = useState(d.key.defaultName);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function register(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const webauthn = await registerKey(await api.webauthnOptions());
      const description = name.trim() || d.key.defaultName;
      const { credential } = await api.start({ type: 'keypair', webauthn, description });
      onEnrolled(credential);
    } catch (err) {
      setFailure(err instanceof NoKeyAnswer ? d.key.noAnswer : errorMessage(d, err));
    } finally {
      setBusy(false);
    }
  }

  if (!browserSupportsWebAuthn()) return <Notice tone="error">{d.key.unsupported}</Notice>;
  return (
    <form onSubmit={register} noValidate>
      <Field
        label={d.key.name}
        hint={d.key.nameHint}
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <p>{d.key.keyPrompt}</p>
      {busy && <Loading label={d.key.waiting} />}
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {d.key.registerKey}
        </button>
      </div>
    </form>
  );
}
