import { AppLabelsCard } from '../components/general/AppLabelsCard';
import { AuditCard } from '../components/general/AuditCard';
import { GeneralCard } from '../components/general/GeneralCard';
import { SmsGatewayCard } from '../components/general/SmsGatewayCard';
import { TokensCard } from '../components/general/TokensCard';
import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';

/** General: the customer, its SMS gateway, the app's section labels, token lifetimes, the audit trail. */
export default function GeneralSettingsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => (
        <SettingsForm key={customerId} customerId={customerId} answer={answer} sections={['general']}>
          <GeneralCard />
          <SmsGatewayCard />
          <AppLabelsCard />
          <TokensCard />
          <AuditCard />
        </SettingsForm>
      )}
    </SettingsLoader>
  );
}
