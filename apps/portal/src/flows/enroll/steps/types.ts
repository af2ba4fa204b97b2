import type { CredentialType, EnrollmentCredential, EnrollmentSession } from '@portiere/contracts';
import type { EnrollApi } from '../api';

/** What every kind's set-up step gets from the flow. */
export interface StepProps {
  api: EnrollApi;
  kind: CredentialType;
  policy: EnrollmentSession['policy'];
  /** A credential of this kind started earlier and never confirmed: replaced when the step starts. */
  unfinished: EnrollmentCredential | undefined;
  /** The credential now exists (started or enrolled): the list shows its state. */
  onCredential: (credential: EnrollmentCredential) => void;
  onRemoved: (id: string) => void;
  /** Set up: back to the list, which says so. */
  onEnrolled: (credential: EnrollmentCredential) => void;
}
