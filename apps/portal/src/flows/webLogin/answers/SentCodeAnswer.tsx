import type { SignInSent } from '@portiere/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { fill } from '../../../lib/i18n/fill';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { useFocusOnMount } from '../../../lib/useFocusOnMount';
import { Refusal } from '../Refusal';
import { useSubmit } from '../useSubmit';
import { TypedAnswer } from './TypedAnswer';
import type { AnswerProps } from './types';
import { useCountdown } from './useCountdown';

/** The server sends a code at most once a minute per kind (contracts SIGNIN_RESEND_S). */
export const RESEND_S = 60;

/** Mail or SMS: the member asks for the code, then types it; Send again waits out the minute. */
export function SentCodeAnswer(props: AnswerProps & { kind: 'mail' | 'sms' }) {
  const { flow, kind, autoFocus } = props;
  const { d } = useI18n();
  const [sent, setSent] = useState<SignInSent | null>(null);
  /** A code went out, from this page or (refused as too soon) an earlier visit: the field shows. */
  const [codeOut, setCodeOut] = useState(false);
  const [until, setUntil] = useState<number | null>(null);
  const wait = useCountdown(until);
  const submit = useSubmit();
  const sendRef = useFocusOnMount<HTMLButtonElement>(autoFocus);

  async function send() {
    const err = await submit.run(async () => {
      const answer = await flow.send(kind);
      setSent(answer);
      setUntil(Date.now() + answer.resend_in * 1000);
    });
    if (err instanceof ApiError && err.code === 'signInResendTooSoon') {
      setUntil(Date.now() + RESEND_S * 1000);
      setCodeOut(true);
    } else if (!err) setCodeOut(true);
  }

  if (!codeOut) {
    return (
      <>
        <Refusal error={submit.error} onRetry={send} />
        <div className="actions">
          <button ref={sendRef} type="button" className="btn btn-primary" disabled={submit.busy} onClick={send}>
            {d.signin.sendCode}
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      {/* Where it went is said only once the member gave a first right answer. */}
      {sent && <p role="status">{sent.sent_to ? fill(d.signin.sentTo, { to: sent.sent_to }) : d.signin.codeSent}</p>}
      <TypedAnswer {...props} autoFocus />
      <Refusal error={submit.error} onRetry={send} />
      <div className="actions">
        <button type="button" className="btn btn-secondary" disabled={submit.busy || wait > 0} onClick={send}>
          {wait > 0 ? fill(d.signin.sendAgainIn, { seconds: wait }) : d.signin.sendAgain}
        </button>
      </div>
    </>
  );
}
