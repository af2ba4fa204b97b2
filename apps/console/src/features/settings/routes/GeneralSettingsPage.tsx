import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../components/feedback/feedbackStore';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { settingsQuery } from '../api/settingsApi';
import { SettingsForm } from '../components/SettingsForm';

/** General, PIN/OTP/HOTP and workstation settings of the signed-in user's customer. */
export default function GeneralSettingsPage() {
  const { t } = useTranslation();
  const customerId = useClaims()?.customer_id ?? '';
  const query = useQuery({ ...settingsQuery(customerId), enabled: Boolean(customerId) });

  useEffect(() => {
    if (query.isError) feedback.push({ type: 'error', message: t('error.genericApiFail') });
  }, [query.isError, t]);

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
