import { Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { meQuery } from '../../../lib/session';

/** Welcome card; the charts of spec section 2 come with the statistics API. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const claims = useClaims();
  const me = useQuery(meQuery());
  const username = me.data?.username ?? claims?.user_username ?? '';
  const name = me.data?.customer?.name ?? username.split('@')[0] ?? '';
  return (
    <Card sx={{ maxWidth: 720 }} data-testid="welcome-card">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('dashboard.welcome', { name })}
        </Typography>
        <Typography color="text.secondary">
          {claims?.user_type === 'ResellerUser' ? t('dashboard.resellerIntro') : t('dashboard.intro')}
        </Typography>
      </CardContent>
    </Card>
  );
}
