import type { EnrollCredentialStarted } from '@portiere/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import type { StepProps } from './types';

type Started =
  | { status: 'starting' }
  | { status: 'started'; started: EnrollCredentialStarted }
  | { status: 'failed'; error: unknown };

/**
 * For the kinds that start as soon as their step opens (TOTP, HOTP, app, mail, SMS): replaces an
 * unfinished credential of the kind (its QR code or code cannot be shown again), starts a new one,
 * and starts over on request (after a lock, say).
 */
export function useStartedCredential({ api, kind, unfinished, onCredential, onRemoved }: StepProps) {
  const [state, setState] = useState<Started>({ status: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const replace = useRef(unfinished);
  // React's development double mount must not start two credentials.
  const startedFor = useRef<number | null>(null);

  useEffect(() => {
    if (startedFor.current === attempt) return;
    startedFor.current = attempt;
    setState({ status: 'starting' });
    (async () => {
      const old = replace.current;
      if (old && !old.enrolled) {
        try {
          await api.drop(old.id);
        } catch (err) {
          // Already gone is what we wanted.
          if (!(err instanceof ApiError && err.status === 404)) throw err;
        }
        onRemoved(old.id);
        replace.current = undefined;
      }
      const started = await api.start({ type: kind });
      onCredential(started.credential);
      replace.current = started.credential;
      setState({ status: 'started', started });
    })().catch((error) => setState({ status: 'failed', error }));
  }, [api, kind, attempt, onCredential, onRemoved]);

  const restart = useCallback(() => setAttempt((a) => a + 1), []);
  return { state, restart };
}
