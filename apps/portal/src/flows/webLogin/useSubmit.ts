import { useCallback, useRef, useState } from 'react';

/**
 * A form's call: busy while it runs (a second press does nothing), then its refusal kept for the
 * form to show and answered by `run` (null when it worked or did not run). `again` repeats the
 * last call, for Retry after a network failure.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const running = useRef(false);
  const last = useRef<(() => Promise<unknown>) | null>(null);

  const run = useCallback(async (call: () => Promise<unknown>): Promise<unknown> => {
    if (running.current) return null;
    running.current = true;
    last.current = call;
    setBusy(true);
    setError(null);
    try {
      await call();
      return null;
    } catch (err) {
      setError(err);
      return err;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  const again = useCallback(() => (last.current ? run(last.current) : Promise.resolve(null)), [run]);
  const clear = useCallback(() => setError(null), []);
  return { busy, error, run, again, clear };
}
