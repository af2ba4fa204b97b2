import { Stack } from '@mui/material';
import { LaSettingsCard } from '../components/la/LaSettingsCard';
import { LaSetupCard } from '../components/la/LaSetupCard';
import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';

/** The login assistant's settings (the la section only) and what an installer needs to set it up. */
export default function LaSettingsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => (
        <Stack spacing={3}>
          <SettingsForm key={customerId} customerId={customerId} answer={answer} sections={['la']}>
            <LaSettingsCard />
          </SettingsForm>
          <LaSetupCard customerId={customerId} />
        </Stack>
      )}
    </SettingsLoader>
  );
}
