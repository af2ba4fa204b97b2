import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { type SettingsAnswer, useSettings } from '../api/settingsApi';

/**
 * The signed-in customer's settings for a page: a spinner while they load, the failure once
 * with Retry (not also in the snackbar), then the page.
 */
export function SettingsLoader({ children }: { children: (answer: SettingsAnswer, customerId: string) => ReactNode }) {
  const customerId = useClaims()?.customer_id ?? '';
  const query = useSettings(customerId);
  const failure = loadFailure(query);
  if (failure) return <LoadError failure={failure} message={(t) => t('error.genericApiFail')} />;
  if (!query.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <Spinner />
      </Box>
    );
  }
  return children(query.data, customerId);
}
