import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';
import { CredentialPoliciesCard } from '../components/web/CredentialPoliciesCard';
import { EnrolmentCard } from '../components/web/EnrolmentCard';

/** Web: the PIN, TOTP and HOTP policies and the members' self-enrolment. */
export default function WebSettingsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => (
        <SettingsForm key={customerId} customerId={customerId} answer={answer} sections={['sca', 'enroller']}>
          <CredentialPoliciesCard />
          <EnrolmentCard />
        </SettingsForm>
      )}
    </SettingsLoader>
  );
}
