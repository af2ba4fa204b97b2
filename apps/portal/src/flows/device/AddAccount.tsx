import type { WebAuthnOptions } from '@portiere/contracts';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/Field';
import { Heading } from '../../components/Heading';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { errorMessage } from '../../lib/messages';
import { NoKeyAnswer } from '../../lib/securityKey';
import type { DeviceAccount } from './accountStore';
import type { DeviceApi } from './api';
import { biometryOptions, enrollDevice, isUnknownCode, registerBiometry } from './enroll';

interface Props {
  api: DeviceApi;
  /** From the address's fragment (the enrolment page's QR code or link); editable. */
  initialCode: string;
  /** Keeps the new account; a failure shows here. */
  onAdded: (account: DeviceAccount) => Promise<void>;
  onCancel: () => void;
}

/**
 * "Add an account": the confirmation code (prefilled from the link, typed otherwise), Confirm.
 * A wrong code keeps the field as typed; the network offers Retry; when the phone's
 * authenticator gives no answer, its button asks again straight from the member's tap.
 */
export function AddAccount({ api, initialCode, onAdded, onCancel }: Props) {
  const { d } = useI18n();
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  /** Waiting for the phone's fingerprint, face or screen lock. */
  const [prompting, setPrompting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  /** The authenticator's options, kept when it did not answer: asked again from a tap. */
  const [pending, setPending] = useState<WebAuthnOptions | null>(null);

  async function add(options: WebAuthnOptions | null | undefined) {
    const typed = code.trim();
    if (!typed) return setError('required');
    setBusy(true);
    setError(null);
    try {
      const asked = options === undefined ? await biometryOptions(api, typed) : options;
      let webauthn: Awaited<ReturnType<typeof registerBiometry>> | undefined;
      if (asked) {
        setPrompting(true);
        try {
          webauthn = await registerBiometry(asked);
        } catch (err) {
          setPending(asked);
          throw err;
        } finally {
          setPrompting(false);
        }
      }
      setPending(null);
      await onAdded(await enrollDevice(api, typed, webauthn));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void add(undefined);
  };
  const fieldError = error === 'required' ? d.common.required : isUnknownCode(error) ? d.device.codeInvalid : null;
  const network = error instanceof ApiError && error.status === 0;
  return (
    <section className="card">
      <Heading>{d.device.add}</Heading>
      <form onSubmit={submit} noValidate>
        <p>{d.device.addIntro}</p>
        <Field
          label={d.device.code}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError}
          live
          className="code-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={busy}
        />
        {error instanceof NoKeyAnswer ? (
          <>
            <Notice tone="error">{d.device.biometryNoAnswer}</Notice>
            <div className="actions">
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => add(pending)}>
                {d.device.confirmItsMe}
              </button>
            </div>
          </>
        ) : (
          error !== null &&
          !fieldError && (
            <>
              <Notice tone="error">{errorMessage(d, error)}</Notice>
              {network && (
                <div className="actions">
                  <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => add(undefined)}>
                    {d.common.retry}
                  </button>
                </div>
              )}
            </>
          )
        )}
        {busy && <Loading label={prompting ? d.device.biometryPrompt : d.device.adding} />}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {d.device.confirm}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
            {d.device.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
