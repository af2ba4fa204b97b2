import type { EnrollmentCredential, EnrollmentSession } from '@portiere/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type EnrollApi, enrollApi } from './api';
import { type LinkProblem, linkProblemOf } from './linkState';

export type SessionState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'gone'; problem: LinkProblem }
  | { status: 'ready'; session: EnrollmentSession };

/**
 * The link's session and the calls made with it. Any call the server answers with 410 (the link
 * expired or was spent meanwhile, say in another tab) turns the whole page into the link's page.
 */
export function useEnrollSession(token: string) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const api: EnrollApi = useMemo(() => {
    const raw = enrollApi(token);
    const watch =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await call(...args);
        } catch (err) {
          const problem = linkProblemOf(err);
          if (problem) setState({ status: 'gone', problem });
          throw err;
        }
      };
    return {
      session: raw.session,
      start: watch(raw.start),
      webauthnOptions: watch(raw.webauthnOptions),
      sendAgain: watch(raw.sendAgain),
      confirm: watch(raw.confirm),
      credential: watch(raw.credential),
      drop: watch(raw.drop),
      complete: watch(raw.complete),
    };
  }, [token]);

  useEffect(() => {
    void attempt;
    const abort = new AbortController();
    setState({ status: 'loading' });
    api.session(abort.signal).then(
      (session) => setState({ status: 'ready', session }),
      (error) => {
        if (abort.signal.aborted) return;
        const problem = linkProblemOf(error, true);
        setState(problem ? { status: 'gone', problem } : { status: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [api, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  /** Keeps the page's list of the member's credentials in step with what the calls answered. */
  const upsert = useCallback((credential: EnrollmentCredential) => {
    setState((s) => {
      if (s.status !== 'ready') return s;
      const others = s.session.credentials.filter((c) => c.id !== credential.id);
      return { status: 'ready', session: { ...s.session, credentials: [...others, credential] } };
    });
  }, []);
  const remove = useCallback((id: string) => {
    setState((s) =>
      s.status === 'ready'
        ? { status: 'ready', session: { ...s.session, credentials: s.session.credentials.filter((c) => c.id !== id) } }
        : s,
    );
  }, []);

  return { state, api, retry, upsert, remove };
}
