import { Box } from '@mui/material';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { useSettings } from '../api/settingsApi';
import { SettingsForm } from '../components/SettingsForm';

/** General, PIN/OTP/HOTP and workstation settings of the signed-in user's customer. */
export default function GeneralSettingsPage() {
  const customerId = useClaims()?.customer_id ?? '';
  const query = useSettings(customerId);
  // A failed load is said once, here with Retry (not also in the snackbar).
  const failure = loadFailure(query);

  if (failure) return <LoadError failure={failure} message={(t) => t('error.genericApiFail')} />;
  if (!query.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <Spinner />
      </Box>
    );
  }
  return <SettingsForm key={customerId} customerId={customerId} answer={query.data} />;
}
