import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';
import { CmsCard } from '../components/workstation/CmsCard';
import { TransportSecretsCard } from '../components/workstation/TransportSecretsCard';

/** Workstation: the credential management system and the smartcards' transport PIN and PUK. */
export default function WorkstationSettingsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => (
        <SettingsForm key={customerId} customerId={customerId} answer={answer} sections={['cms']}>
          <CmsCard />
          <TransportSecretsCard />
        </SettingsForm>
      )}
    </SettingsLoader>
  );
}
