import { AppLabelsCard } from '../components/general/AppLabelsCard';
import { AuditCard } from '../components/general/AuditCard';
import { GeneralCard } from '../components/general/GeneralCard';
import { SmsGatewayCard } from '../components/general/SmsGatewayCard';
import { UserAuthenticationCard } from '../components/general/UserAuthenticationCard';
import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';

/**
 * General: the customer, how its members identify themselves, its SMS gateway and message, the
 * app's section labels, the audit trail.
 */
export default function GeneralSettingsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => (
        <SettingsForm key={customerId} customerId={customerId} answer={answer} sections={['general']}>
          <GeneralCard />
          <UserAuthenticationCard />
          <SmsGatewayCard />
          <AppLabelsCard />
          <AuditCard />
        </SettingsForm>
      )}
    </SettingsLoader>
  );
}
