import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { useDashboard } from '../api/dashboardApi';
import { CustomerDashboardView } from '../components/CustomerDashboardView';
import { ResellerTotals } from '../components/ResellerTotals';
import { customerSlug } from '../lib/dashboardFigures';

/**
 * Users, credentials, recovery modes and licenses: one section for a customer user; for a
 * reseller, the totals across its customers, then one section per customer.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const claims = useClaims();
  const dashboard = useDashboard();
  const reseller = claims?.user_type === 'ResellerUser';

  if (dashboard.isPending)
    return (
      <Box
        data-testid="dash-loading"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={200} />
        ))}
      </Box>
    );
  if (dashboard.isError) return <Alert severity="error">{errorMessage(t, dashboard.error)}</Alert>;
  const { customers, totals } = dashboard.data;
  if (customers.length === 0)
    return (
      <Alert severity="info" data-testid="dash-empty">
        {t(reseller ? 'dashboard.noCustomers' : 'dashboard.noData')}
      </Alert>
    );
  if (!reseller && customers[0]) return <CustomerDashboardView data={customers[0]} />;
  return (
    <Stack spacing={4}>
      {totals && <ResellerTotals totals={totals} />}
      {customers.map((c) => (
        <Box component="section" key={c.customer.id} data-testid={`dash-customer-${customerSlug(c.customer.name)}`}>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            {c.customer.name}
          </Typography>
          <CustomerDashboardView data={c} />
        </Box>
      ))}
    </Stack>
  );
}
