import type { CredentialType } from '@portiere/contracts';
import type { ComponentType } from 'react';
import { Heading } from '../../components/Heading';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { AppStep } from './steps/AppStep';
import { CodeStep } from './steps/CodeStep';
import { KeyStep } from './steps/KeyStep';
import { OtpStep } from './steps/OtpStep';
import { SecretStep } from './steps/SecretStep';
import type { StepProps } from './steps/types';

const STEPS: Record<CredentialType, ComponentType<StepProps>> = {
  totp: OtpStep,
  hotp: OtpStep,
  password: SecretStep,
  pin: SecretStep,
  app: AppStep,
  app_biometry: AppStep,
  mail: CodeStep,
  sms: CodeStep,
  keypair: KeyStep,
  smartcard: KeyStep,
};

/** One kind's set-up, with its heading (focused on arrival) and the way back to the list. */
export function KindStep({ onBack, ...props }: StepProps & { onBack: () => void }) {
  const { d } = useI18n();
  const Step = STEPS[props.kind];
  return (
    <section className="card">
      <Heading>{fill(d.enroll.stepTitle, { kind: d.kinds[props.kind].name })}</Heading>
      <Step {...props} />
      <div className="actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          {d.common.back}
        </button>
      </div>
    </section>
  );
}
