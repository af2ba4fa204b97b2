import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { type DialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { formatDateTime } from '../../../lib/format';
import type { RecoveryCodeCreated } from '../api/recoveryApi';

/** A code and its expiry, as the recovery answers carry them. */
export type ShownCode = RecoveryCodeCreated;

interface Props {
  /** Opened with the code to show. */
  dialog: DialogName<ShownCode>;
  title: string;
  /** A sentence under the code (e.g. "also mailed to the user"). */
  note?: string;
}

/** Shows a code once, with a copy button and its expiry; it cannot be displayed again. */
export function OneTimeCodeDialog({ dialog, title, note }: Props) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState<ShownCode | null>(null);
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.code);
      feedback.push({ type: 'info', message: t('info.copied') });
    } catch {
      feedback.push({ type: 'error', message: t('error.generic') });
    }
  };
  return (
    <AppDialog
      dialog={dialog}
      title={title}
      onOpen={setShown}
      onOk={() => dialogs.close(dialog.name)}
      // The code is shown once: forget it when the dialog closes.
      onClose={() => setShown(null)}
    >
      {shown && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              variant="h4"
              component="p"
              data-testid="one-time-code"
              sx={{ fontFamily: 'monospace', letterSpacing: 2 }}
            >
              {shown.code}
            </Typography>
            <Tooltip title={t('recovery.code.copy')}>
              <IconButton aria-label={t('recovery.code.copy')} onClick={copy}>
                <ContentCopyIcon />
              </IconButton>
            </Tooltip>
          </Stack>
          <Typography variant="body2" data-testid="one-time-code-expiry">
            {t('recovery.code.expires', { date: formatDateTime(shown.expires_at, i18n.language) })}
          </Typography>
          {note && <Typography variant="body2">{note}</Typography>}
          <Alert severity="warning">{t('recovery.code.onlyOnce')}</Alert>
        </Stack>
      )}
    </AppDialog>
  );
}
