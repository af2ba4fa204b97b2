import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ResellerTotals as Totals } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { Figure } from './Figures';

/** A reseller's figures across all its customers, above the per-customer sections. */
export function ResellerTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  const { licenses } = totals;
  return (
    <Box component="section" aria-labelledby="dash-totals-title" data-testid="dash-totals">
      <Typography variant="h5" component="h2" id="dash-totals-title" sx={{ mb: 2 }}>
        {t('dashboard.totals.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Figure label={t('dashboard.totals.customers')} value={totals.customers} testId="dash-totals-customers" />
            <Figure label={t('dashboard.totals.licensesUsed')} value={licenses.used} testId="dash-totals-used" />
            <Figure
              label={t('dashboard.totals.licensesRemaining')}
              value={licenses.remaining}
              testId="dash-totals-remaining"
              color={licenses.remaining <= 0 ? 'error.main' : undefined}
            />
            <Figure label={t('dashboard.totals.licensesTotal')} value={licenses.total} testId="dash-totals-total" />
            <Figure label={t('dashboard.totals.members')} value={totals.members} testId="dash-totals-members" />
            <Figure
              label={t('dashboard.totals.credentials')}
              value={totals.credentials}
              testId="dash-totals-credentials"
            />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
