import { useId, useState } from 'react';
import { CopyField } from '../../../components/CopyField';
import { Loading } from '../../../components/Loading';
import { fill } from '../../../lib/i18n/fill';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { CodeConfirm } from './CodeConfirm';
import { StartFailed } from './StartFailed';
import type { StepProps } from './types';
import { useStartedCredential } from './useStartedCredential';

/** TOTP or HOTP: scan the QR code (or type the key), then confirm one code from the app. */
export function OtpStep(props: StepProps) {
  const { d } = useI18n();
  const { state, restart } = useStartedCredential(props);
  const [manual, setManual] = useState(false);
  const manualId = useId();
  if (state.status === 'starting') return <Loading label={d.enroll.starting} />;
  if (state.status === 'failed') return <StartFailed error={state.error} onRetry={restart} />;
  const { started } = state;
  const digits = props.kind === 'hotp' ? props.policy.hotp_length : props.policy.totp_length;
  return (
    <>
      <p>{d.otp.scan}</p>
      {started.qr_code && <img className="qr" src={started.qr_code} alt={d.otp.qrAlt} width={220} height={220} />}
      <button
        type="button"
        className="btn btn-link"
        aria-expanded={manual}
        aria-controls={manualId}
        onClick={() => setManual((m) => !m)}
      >
        {d.otp.cantScan}
      </button>
      <div id={manualId} hidden={!manual} className="manual">
        <p>{d.otp.manual}</p>
        {started.secret && <CopyField label={d.otp.secret} value={started.secret} />}
        {started.otpauth_uri && <CopyField label={d.otp.uri} value={started.otpauth_uri} />}
      </div>
      <CodeConfirm
        key={started.credential.id}
        api={props.api}
        credential={started.credential}
        label={d.otp.code}
        hint={fill(props.kind === 'hotp' ? d.otp.hotpCodeHint : d.otp.codeHint, { digits })}
        digits={digits}
        confirmLabel={d.otp.confirm}
        onEnrolled={props.onEnrolled}
        onRestart={restart}
      />
    </>
  );
}
