import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { formatDateTime } from '../../../lib/format';

export interface ShownCode {
  code: string;
  expiresAt: string;
}

interface Props {
  name: string;
  title: string;
  shown: ShownCode | null;
  /** A sentence under the code (e.g. "also mailed to the user"). */
  note?: string;
  onClose?: () => void;
}

/** Shows a code once, with a copy button and its expiry; it cannot be displayed again. */
export function OneTimeCodeDialog({ name, title, shown, note, onClose }: Props) {
  const { t, i18n } = useTranslation();
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
    <AppDialog name={name} title={title} onOk={() => dialogs.close(name)} onClose={onClose}>
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
            {t('recovery.code.expires', { date: formatDateTime(shown.expiresAt, i18n.language) })}
          </Typography>
          {note && <Typography variant="body2">{note}</Typography>}
          <Alert severity="warning">{t('recovery.code.onlyOnce')}</Alert>
        </Stack>
      )}
    </AppDialog>
  );
}
