import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Login-assistant scripts of one customer (the guard checks the feature is enabled). */
export default function CustomerScriptsPage() {
  const { t } = useTranslation();
  return (
    <Typography variant="h5" component="h2">
      {t('routes.customerScripts')}
    </Typography>
  );
}
