import type { DeviceApproval, DeviceApprovalAnswer, WebAuthnOptions } from '@portiere/contracts';
import { useId, useState } from 'react';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { ApiError } from '../../lib/api';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { errorMessage } from '../../lib/messages';
import { NoKeyAnswer, signWithKey } from '../../lib/securityKey';
import type { DeviceAccount } from './accountStore';
import { type DeviceApi, isDeviceGone, isNetworkError } from './api';
import { Confirm } from './Confirm';

export type Outcome = 'approved' | 'denied' | 'gone';
type Answer = Omit<DeviceApprovalAnswer, 'device' | 'webauthn'>;

interface Props {
  api: DeviceApi;
  account: DeviceAccount;
  approval: DeviceApproval;
  onAnswered: (approval: DeviceApproval, outcome: Outcome) => void;
  /** The server knows this device no more (deviceNotFound). */
  onGone: (accountId: string) => void;
}

/** "14:03" today, with the date on another day, in the page's language. */
function when(iso: string, language: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const today = at.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    language,
    today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  ).format(at);
}

/**
 * A sign-in waiting for this phone: where and when from, the numbers to pick the sign-in page's
 * from (number matching), Deny, and "This was not me" (a denial that reports, asked twice).
 * With biometry, an approval first asks the phone's platform authenticator.
 */
export function ApprovalCard({ api, account, approval, onAnswered, onGone }: Props) {
  const { d, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirmNotMe, setConfirmNotMe] = useState(false);
  /** The answer to send again (Retry, or the authenticator asked again from a tap). */
  const [again, setAgain] = useState<{ answer: Answer; options?: WebAuthnOptions } | null>(null);
  const headingId = useId();

  async function respond(answer: Answer, options?: WebAuthnOptions) {
    setBusy(true);
    setError(null);
    let asked = options;
    try {
      let webauthn: Awaited<ReturnType<typeof signWithKey>> | undefined;
      if (answer.approve && account.biometry !== 'none') {
        asked ??= await api.approvalOptions(account, approval.id);
        webauthn = await signWithKey(asked);
      }
      await api.answer(account, approval.id, { ...answer, webauthn });
      onAnswered(approval, answer.approve ? 'approved' : 'denied');
    } catch (err) {
      if (isDeviceGone(err)) return onGone(account.id);
      // The request expired or was answered elsewhere meanwhile.
      if (err instanceof ApiError && err.status === 404) return onAnswered(approval, 'gone');
      setAgain({ answer, options: err instanceof NoKeyAnswer ? asked : undefined });
      setError(err);
      setBusy(false);
    }
  }

  const whose = fill(d.device.forAccount, { username: account.username, customer: account.customer_name });
  return (
    <section className="card approval" aria-labelledby={headingId} data-testid={`approval-${approval.id}`}>
      <h2 id={headingId}>{d.device.requestTitle}</h2>
      <p className="approval-account">{whose}</p>
      <dl className="approval-facts">
        <dt>{d.device.application}</dt>
        <dd>{approval.application}</dd>
        <dt>{d.device.place}</dt>
        <dd>{approval.place ?? d.device.unknownPlace}</dd>
        <dt>{d.device.time}</dt>
        <dd>{when(approval.requested_at, language)}</dd>
      </dl>
      {confirmNotMe ? (
        <Confirm
          question={d.device.notMeConfirm}
          yes={d.device.notMeYes}
          busy={busy}
          onYes={() => respond({ approve: false, not_me: true })}
          onNo={() => setConfirmNotMe(false)}
        />
      ) : (
        <>
          <fieldset className="choices">
            <legend className="approval-pick">{d.device.pick}</legend>
            {approval.choices.map((n) => (
              <button
                key={n}
                type="button"
                className="btn btn-secondary choice"
                disabled={busy}
                onClick={() => respond({ approve: true, number: n })}
              >
                {n}
              </button>
            ))}
          </fieldset>
          <div className="actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => respond({ approve: false })}
            >
              {d.device.deny}
            </button>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setConfirmNotMe(true)}>
              {d.device.notMe}
            </button>
          </div>
        </>
      )}
      {busy && <Loading label={d.device.sending} />}
      {error !== null && !busy && (
        <>
          <Notice tone="error">
            {error instanceof NoKeyAnswer ? d.device.biometryNoAnswer : errorMessage(d, error)}
          </Notice>
          {again && (error instanceof NoKeyAnswer || isNetworkError(error)) && (
            <div className="actions">
              <button type="button" className="btn btn-primary" onClick={() => respond(again.answer, again.options)}>
                {error instanceof NoKeyAnswer ? d.device.confirmItsMe : d.common.retry}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
