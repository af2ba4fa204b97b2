import { useEffect, useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { fill } from '../../../lib/i18n/fill';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { errorMessage } from '../../../lib/messages';
import { CodeConfirm } from './CodeConfirm';
import { StartFailed } from './StartFailed';
import type { StepProps } from './types';
import { useStartedCredential } from './useStartedCredential';

/** The server sends one code a minute: the button waits as long. */
export const RESEND_AFTER_MS = 60_000;

/** Enabled again RESEND_AFTER_MS after `sentAt`. */
function useCanResend(sentAt: number | null): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    if (sentAt === null) return;
    setCan(false);
    const timer = setTimeout(() => setCan(true), Math.max(0, sentAt + RESEND_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [sentAt]);
  return can;
}

/** Mail or SMS: a code went to the member's address or phone (shown partly hidden); they type it back. */
export function CodeStep(props: StepProps) {
  const { d } = useI18n();
  const { state, restart } = useStartedCredential(props);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [resent, setResent] = useState<{ ok: boolean; message: string } | null>(null);
  const canResend = useCanResend(sentAt);
  const startedId = state.status === 'started' ? state.started.credential.id : null;
  useEffect(() => {
    if (startedId) setSentAt(Date.now());
  }, [startedId]);

  if (state.status === 'starting') return <Loading label={d.enroll.starting} />;
  if (state.status === 'failed') return <StartFailed error={state.error} onRetry={restart} />;
  const { started } = state;
  const to = started.sent_to ?? started.credential.target ?? '';

  async function sendAgain() {
    setResent(null);
    setSentAt(Date.now());
    try {
      const answer = await props.api.sendAgain(started.credential.id);
      setResent({ ok: true, message: fill(d.code.sentAgain, { to: answer?.sent_to ?? to }) });
    } catch (err) {
      setResent({ ok: false, message: errorMessage(d, err) });
    }
  }

  return (
    <>
      <p>{fill(d.code.sentTo, { to })}</p>
      <CodeConfirm
        key={started.credential.id}
        api={props.api}
        credential={started.credential}
        label={d.code.code}
        hint={d.code.codeHint}
        confirmLabel={d.code.confirm}
        onEnrolled={props.onEnrolled}
        onRestart={restart}
      />
      {resent && <Notice tone={resent.ok ? 'success' : 'error'}>{resent.message}</Notice>}
      <div className="actions">
        <button type="button" className="btn btn-secondary" disabled={!canResend} onClick={sendAgain}>
          {d.code.sendAgain}
        </button>
      </div>
      {!canResend && <p className="field-hint">{d.code.sendAgainLater}</p>}
    </>
  );
}
