import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** In-page title with a back button, for routes that hide the top bar. */
export function PageHeader({ title, backTo }: { title: string; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <IconButton aria-label={t('common.back')} onClick={() => navigate(backTo)}>
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h5" component="h1" data-testid="page-title">
        {title}
      </Typography>
    </Stack>
  );
}
