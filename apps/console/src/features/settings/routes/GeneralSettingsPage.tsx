import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useQueryErrorFeedback } from '../../../components/feedback/useQueryErrorFeedback';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { useSettings } from '../api/settingsApi';
import { SettingsForm } from '../components/SettingsForm';

/** General, PIN/OTP/HOTP and workstation settings of the signed-in user's customer. */
export default function GeneralSettingsPage() {
  const { t } = useTranslation();
  const customerId = useClaims()?.customer_id ?? '';
  const query = useSettings(customerId);
  useQueryErrorFeedback(query, (t) => t('error.genericApiFail'));

  if (query.isError) return <Alert severity="error">{t('error.genericApiFail')}</Alert>;
  if (!query.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <Spinner />
      </Box>
    );
  }
  return <SettingsForm key={customerId} customerId={customerId} answer={query.data} />;
}
