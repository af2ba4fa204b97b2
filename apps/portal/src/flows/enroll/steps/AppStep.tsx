import type { EnrollmentCredential } from '@portiere/contracts';
import { useEffect } from 'react';
import { CopyField } from '../../../components/CopyField';
import { Loading } from '../../../components/Loading';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import type { EnrollApi } from '../api';
import { StartFailed } from './StartFailed';
import type { StepProps } from './types';
import { useStartedCredential } from './useStartedCredential';

export const APP_POLL_MS = 2000;

/** Asks for the credential every 2 s until the device has enrolled it; stops when the step is left. */
function useEnrolledOnDevice(api: EnrollApi, id: string | null, onEnrolled: (c: EnrollmentCredential) => void) {
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const credential = await api.credential(id, abort.signal);
        if (credential.enrolled) return onEnrolled(credential);
      } catch {
        // A failed poll (network, a gone link: the flow shows that page) is tried again or ends with the step.
      }
      if (!abort.signal.aborted) timer = setTimeout(poll, APP_POLL_MS);
    };
    timer = setTimeout(poll, APP_POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [api, id, onEnrolled]);
}

/**
 * The smartphone app (with or without biometry): the QR code carries the app's address with the
 * confirmation code (appEnrollUrl); a member already on their phone follows the same address as a
 * link, in a new tab so that this page stays to see the enrolment done. The page follows.
 */
export function AppStep(props: StepProps) {
  const { d } = useI18n();
  const { state, restart } = useStartedCredential(props);
  useEnrolledOnDevice(props.api, state.status === 'started' ? state.started.credential.id : null, props.onEnrolled);
  if (state.status === 'starting') return <Loading label={d.enroll.starting} />;
  if (state.status === 'failed') return <StartFailed error={state.error} onRetry={restart} />;
  const { started } = state;
  return (
    <>
      <p>{d.app.scan}</p>
      {started.qr_code && <img className="qr" src={started.qr_code} alt={d.app.qrAlt} width={220} height={220} />}
      {started.enrollment_url && (
        <p className="open-here">
          {d.app.onThisPhone}{' '}
          <a href={started.enrollment_url} target="_blank" rel="noopener">
            {d.app.openHere}
          </a>
        </p>
      )}
      {started.confirmation_code && (
        <>
          <p className="field-hint">{d.app.confirmationHint}</p>
          <CopyField label={d.app.confirmationCode} value={started.confirmation_code} />
        </>
      )}
      <Loading label={d.app.waiting} />
    </>
  );
}
