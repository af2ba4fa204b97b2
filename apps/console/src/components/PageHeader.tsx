import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * In-page title with a back button, for routes that hide the top bar; `actions` (such as the
 * filters button the top bar would have held) sit at its right end.
 */
export function PageHeader({ title, backTo, actions }: { title: string; backTo: string; actions?: ReactNode }) {
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
      {actions && (
        <>
          <Box sx={{ flex: 1 }} />
          {actions}
        </>
      )}
    </Stack>
  );
}
