import type { SignInKind, SignInState, SignInStepResult, WebAuthnAssertion } from '@portiere/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api';
import { applicationRedirect } from '../../lib/redirect';
import { type SentKind, signInApi } from './api';
import { type EndCode, endOf, isWrongAnswer } from './outcome';

export type Phase =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ended'; code: EndCode }
  | { status: 'ready'; state: SignInState }
  /** Done or aborted: the browser is on its way to `redirect`. */
  | { status: 'leaving'; reason: 'done' | 'abort' };

/**
 * One sign-in interaction: its state, and the calls that move it on. Any refusal that ends the
 * interaction (expired, blocked, too many wrong answers...) turns the page into its notice; a
 * wrong answer lowers the attempts left; the end sends the browser on to where the server says.
 */
export function useSignIn(uid: string) {
  const [phase, setPhase] = useState<Phase>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const raw = useMemo(() => signInApi(uid), [uid]);

  useEffect(() => {
    void attempt;
    const abort = new AbortController();
    setPhase({ status: 'loading' });
    raw.state(abort.signal).then(
      (state) => setPhase({ status: 'ready', state }),
      (error) => {
        if (abort.signal.aborted) return;
        const end = endOf(error);
        setPhase(end ? { status: 'ended', code: end } : { status: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [raw, attempt]);

  const leave = useCallback((redirect: string, reason: 'done' | 'abort') => {
    const target = applicationRedirect(redirect);
    if (!target) throw new ApiError(502, { code: 'generic', reason: 'An error has occurred' });
    setPhase({ status: 'leaving', reason });
    window.location.assign(target);
  }, []);

  /** Runs a call; a refusal ending the interaction ends the page, a wrong answer counts. Rethrows for the form. */
  const watch = useCallback(async <R>(call: () => Promise<R>): Promise<R> => {
    try {
      return await call();
    } catch (err) {
      const end = endOf(err);
      if (end) setPhase({ status: 'ended', code: end });
      else if (isWrongAnswer(err)) {
        // The last wrong answer spends the sign-in: said at once rather than on the next try.
        const told = (err as ApiError).body.params?.attempts_left;
        setPhase((p) => {
          if (p.status !== 'ready') return p;
          const left = typeof told === 'number' ? told : Math.max(0, p.state.attempts_left - 1);
          return left > 0
            ? { status: 'ready', state: { ...p.state, attempts_left: left } }
            : { status: 'ended', code: 'signInTooManyFailures' };
        });
      }
      throw err;
    }
  }, []);

  const identify = useCallback(
    async (username: string) => setPhase({ status: 'ready', state: await watch(() => raw.identify(username)) }),
    [raw, watch],
  );
  const card = useCallback(
    async (cardCode: string) => setPhase({ status: 'ready', state: await watch(() => raw.card(cardCode)) }),
    [raw, watch],
  );
  const send = useCallback((kind: SentKind) => watch(() => raw.send(kind)), [raw, watch]);
  /** A right answer moves to the next stage or ends the sign-in; `pending` (app) is for the caller to poll. */
  const verify = useCallback(
    async (
      kind: SignInKind,
      value: string,
      signal?: AbortSignal,
      webauthn?: WebAuthnAssertion,
    ): Promise<SignInStepResult> => {
      const result = await watch(() => raw.verify(kind, value, signal, webauthn));
      if (signal?.aborted) return result;
      if (result.done) leave(result.redirect, 'done');
      else if (!result.pending) {
        const stage = result.stage;
        setPhase((p) => (p.status === 'ready' ? { status: 'ready', state: { ...p.state, stage } } : p));
      }
      return result;
    },
    [raw, watch, leave],
  );
  const webauthnOptions = useCallback(() => watch(() => raw.webauthnOptions()), [raw, watch]);
  const abort = useCallback(async () => {
    const { redirect } = await watch(() => raw.abort());
    leave(redirect, 'abort');
  }, [raw, watch, leave]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  // One object for the page's lifetime: the app's polling effect depends on it.
  const flow = useMemo(
    () => ({ identify, card, send, verify, webauthnOptions, abort }),
    [identify, card, send, verify, webauthnOptions, abort],
  );
  return { phase, retry, flow };
}

export type SignInFlowApi = ReturnType<typeof useSignIn>['flow'];
