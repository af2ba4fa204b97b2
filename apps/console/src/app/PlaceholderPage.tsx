import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { matchAppRoute } from './routes';

/** Pages not built yet show their title only. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = matchAppRoute(pathname)?.route.titleKey;
  return (
    <Typography variant="h5" component="h2">
      {titleKey ? t(titleKey) : ''}
    </Typography>
  );
}
