import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { useConfirmEmail } from '../api/managerUsersApi';

type Outcome = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * The page a change-email link opens (public, the login page's layout): posts the link's token
 * once and says whether the new address now applies, or why not, with a way to sign in.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const confirm = useConfirmEmail({
    // Said on the page itself, not in the snackbar.
    notify: false,
    onSuccess: () => setOutcome({ kind: 'done' }),
    onError: (_err, message) => setOutcome({ kind: 'failed', message }),
  });
  // The token is single use: post it once, even when React runs the effect twice in development.
  const sent = useRef(false);
  const { run } = confirm;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void run(token);
  }, [run, token]);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="section" elevation={3} sx={{ p: 4, width: '100%', maxWidth: 480 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} data-testid="page-title">
          {t('common.appName')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('managerUsers.confirmEmail.title')}
        </Typography>
        <Stack spacing={3} aria-live="polite">
          {outcome.kind === 'working' && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Spinner size="small" label={t('managerUsers.confirmEmail.working')} />
              <Typography>{t('managerUsers.confirmEmail.working')}</Typography>
            </Stack>
          )}
          {outcome.kind === 'done' && (
            <Alert severity="success" data-testid="confirm-email-result">
              {t('success.emailChanged')} {t('managerUsers.confirmEmail.done')}
            </Alert>
          )}
          {outcome.kind === 'failed' && (
            <Alert severity="error" data-testid="confirm-email-result">
              {outcome.message}
            </Alert>
          )}
          {outcome.kind !== 'working' && (
            <Button component={RouterLink} to="/" variant="contained" sx={{ alignSelf: 'flex-start' }}>
              {t('managerUsers.confirmEmail.signIn')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
