import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { TextAreaField } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { errorMessage, fieldMessage } from '../../../lib/messages';
import type { StepProps } from './types';

/** As the contract bounds them (enrollCredentialSchema): a longer file is not a key or certificate. */
const MAX_CHARS = { keypair: 20_000, smartcard: 50_000 };

/** Key pair (PEM public key, for a workstation) or smartcard (PEM certificate): pasted or read from a file. */
export function PemStep({ api, kind, onEnrolled }: Pick<StepProps, 'api' | 'kind' | 'onEnrolled'>) {
  const { d } = useI18n();
  const certificate = kind === 'smartcard';
  const field = certificate ? 'certificate' : 'public_key';
  const max = certificate ? MAX_CHARS.smartcard : MAX_CHARS.keypair;
  const fileId = useId();
  const [pem, setPem] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(null);
    if (file.size > max) return setError(certificate ? d.validation.certificate : d.validation.publicKey);
    setPem(await file.text());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const text = pem.trim();
    setFailure(null);
    setError(text ? null : d.validation.required);
    if (!text || busy) return;
    setBusy(true);
    try {
      const { credential } = await api.start({ type: kind, [field]: text });
      onEnrolled(credential);
    } catch (err) {
      const message = fieldMessage(d, err, field);
      if (message) setError(message);
      else setFailure(errorMessage(d, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label={certificate ? d.key.certificate : d.key.publicKey}
        hint={certificate ? d.key.certificateHint : d.key.publicKeyHint}
        error={error}
        className="mono"
        rows={8}
        maxLength={max}
        spellCheck={false}
        value={pem}
        onChange={(e) => setPem(e.target.value)}
      />
      <div className="field">
        <label htmlFor={fileId}>{d.key.chooseFile}</label>
        <input id={fileId} type="file" accept=".pem,.crt,.cer,.pub,.txt" onChange={choose} />
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {d.key.register}
        </button>
      </div>
    </form>
  );
}
