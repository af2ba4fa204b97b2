import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';
import { CredentialPoliciesCard } from '../components/web/CredentialPoliciesCard';
import { EnrolmentCard } from '../components/web/EnrolmentCard';
import { WebLoginCard } from '../components/web/WebLoginCard';

/**
 * Web: the web login's token lifetimes and single sign-on (general section), the PIN, TOTP and
 * HOTP policies and the members' self-enrolment.
 */
export default function WebSettingsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => (
        <SettingsForm
          key={customerId}
          customerId={customerId}
          answer={answer}
          sections={['general', 'sca', 'enroller']}
        >
          <WebLoginCard />
          <CredentialPoliciesCard />
          <EnrolmentCard />
        </SettingsForm>
      )}
    </SettingsLoader>
  );
}
