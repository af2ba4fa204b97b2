import { useEffect, useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { ApiError } from '../../../lib/api';
import { fill } from '../../../lib/i18n/fill';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { useFocusOnMount } from '../../../lib/useFocusOnMount';
import { isNetworkError } from '../outcome';
import { loginFailed, Refusal } from '../Refusal';
import type { SignInFlowApi } from '../useSignIn';
import { useSubmit } from '../useSubmit';
import { RESEND_S } from './SentCodeAnswer';
import type { AnswerProps } from './types';
import { useCountdown } from './useCountdown';

/** How often the page asks whether the phone has answered. */
export const APP_POLL_MS = 2000;

/**
 * Asks every 2 s whether the member approved on the phone, while `waiting`; stops on the answer
 * (the flow moves on by itself), on a refusal (handed to `onRefused`) and when the form goes away.
 * A poll the network lost is simply made again.
 */
function useApproval(flow: SignInFlowApi, waiting: boolean, onRefused: (err: unknown) => void) {
  useEffect(() => {
    if (!waiting) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const result = await flow.verify('app', '', abort.signal);
        if (!result.done && result.pending && !abort.signal.aborted) timer = setTimeout(poll, APP_POLL_MS);
      } catch (err) {
        if (abort.signal.aborted) return;
        if (isNetworkError(err)) timer = setTimeout(poll, APP_POLL_MS);
        else onRefused(err);
      }
    };
    timer = setTimeout(poll, APP_POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [flow, waiting, onRefused]);
}

/**
 * Number matching: the member picks this number among the app's choices, so a request they did
 * not start cannot be approved by a reflex tap. Large, and its text reads as one sentence.
 */
function MatchNumber({ number }: { number: number }) {
  const { d } = useI18n();
  const [before, after = ''] = d.signin.pickNumber.split('{number}');
  return (
    <p className="match">
      {before}
      <span className="match-number" data-testid="match-number">
        {number}
      </span>
      {after}
    </p>
  );
}

/** The app: a request goes to the member's phone; the page waits for the approval. */
export function AppAnswer({ flow, attemptsLeft, autoFocus }: AnswerProps) {
  const { d } = useI18n();
  /** Where the request went; '' when it went earlier (asking again was too soon). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The number to pick in the app; kept when asking again was too soon (that request still stands). */
  const [number, setNumber] = useState<number | null>(null);
  const [refused, setRefused] = useState<unknown>(null);
  const [until, setUntil] = useState<number | null>(null);
  const wait = useCountdown(until);
  const submit = useSubmit();
  const sendRef = useFocusOnMount<HTMLButtonElement>(autoFocus);
  const waiting = sentTo !== null && refused === null;
  useApproval(flow, waiting, setRefused);

  async function send() {
    setRefused(null);
    const err = await submit.run(async () => {
      const answer = await flow.send('app');
      setSentTo(answer.sent_to);
      setNumber(answer.number);
      setUntil(Date.now() + answer.resend_in * 1000);
    });
    // A request from a minute ago may still be answered: wait for it.
    if (err instanceof ApiError && err.code === 'signInResendTooSoon') {
      setUntil(Date.now() + RESEND_S * 1000);
      setSentTo((to) => to ?? '');
    }
  }

  const refusal =
    refused instanceof ApiError && refused.status === 401 && refused.code === 'login'
      ? loginFailed(d, attemptsLeft)
      : null;
  return (
    <>
      {sentTo !== null && <p>{sentTo ? fill(d.signin.appSentTo, { to: sentTo }) : d.signin.appSent}</p>}
      {waiting && number !== null && <MatchNumber number={number} />}
      {waiting && <Loading label={d.signin.appWaiting} />}
      {refusal ? <Notice tone="error">{refusal}</Notice> : <Refusal error={refused} />}
      <Refusal error={submit.error} onRetry={send} />
      {!waiting && (
        <div className="actions">
          <button
            ref={sendRef}
            type="button"
            className={sentTo === null ? 'btn btn-primary' : 'btn btn-secondary'}
            disabled={submit.busy || wait > 0}
            onClick={send}
          >
            {wait > 0
              ? fill(d.signin.sendAgainIn, { seconds: wait })
              : sentTo === null
                ? d.signin.sendToApp
                : d.signin.appAgain}
          </button>
        </div>
      )}
    </>
  );
}
