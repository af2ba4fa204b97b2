import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';
import { CmsCard } from '../components/workstation/CmsCard';
import { TransportSecretsCard } from '../components/workstation/TransportSecretsCard';
import { WorkstationLoginCard } from '../components/workstation/WorkstationLoginCard';

/**
 * Workstation: how members sign in there without their usual credentials, the credential
 * management system and the smartcards' transport PIN and PUK.
 */
export default function WorkstationSettingsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => (
        <SettingsForm key={customerId} customerId={customerId} answer={answer} sections={['cms', 'workstation']}>
          <WorkstationLoginCard />
          <CmsCard />
          <TransportSecretsCard />
        </SettingsForm>
      )}
    </SettingsLoader>
  );
}
