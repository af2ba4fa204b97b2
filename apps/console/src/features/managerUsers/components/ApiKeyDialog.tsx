import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, DialogContentText, Stack, Typography } from '@mui/material';
import { API_KEY_HEADER } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { useCopyText } from '../../../components/useCopyText';

export interface ShownApiKey {
  email: string;
  apiKey: string;
}

/** Opens with the answer of a reset: the only time the key is seen. */
export const API_KEY_DIALOG = dialogName<ShownApiKey>('api-key');

/**
 * The new key with a copy button and the header to send it in; forgotten when the dialog closes.
 * Closing it (Close, Escape, a click beside it) before the key was copied asks first whether it
 * was: once closed, the key cannot be seen again.
 */
export function ApiKeyDialog() {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const [shown, setShown] = useState<ShownApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const close = () => dialogs.close(API_KEY_DIALOG.name);
  const leave = () => (copied ? close() : setAsking(true));
  const copy = async () => {
    if (shown && (await copyText(shown.apiKey))) setCopied(true);
  };
  const common = {
    dialog: API_KEY_DIALOG,
    title: t('managerUsers.apiKey.title', { email: shown?.email ?? '' }),
    onOpen: (payload: ShownApiKey) => {
      setShown(payload);
      setCopied(false);
      setAsking(false);
    },
    onClose: () => setShown(null),
  };
  if (asking) {
    // Escape answers "No": back to the key.
    return (
      <AppDialog {...common} onNo={() => setAsking(false)} onYes={close} onDismiss={() => setAsking(false)}>
        <DialogContentText>{t('managerUsers.apiKey.copiedQuestion')}</DialogContentText>
      </AppDialog>
    );
  }
  return (
    <AppDialog
      {...common}
      onDismiss={leave}
      actions={
        <>
          <Button startIcon={<ContentCopyIcon />} onClick={copy}>
            {t('managerUsers.apiKey.copy')}
          </Button>
          <Button variant="contained" onClick={leave} autoFocus>
            {t('common.close')}
          </Button>
        </>
      }
    >
      {shown && (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CopyField label={t('managerUsers.apiKey.key')} value={shown.apiKey} testId="api-key" button={false} />
          <CopyField label={t('managerUsers.apiKey.header')} value={API_KEY_HEADER} testId="api-key-header" />
          <Typography variant="body2">
            {t('managerUsers.apiKey.usage', { header: API_KEY_HEADER, example: `${API_KEY_HEADER}: ptk_…` })}
          </Typography>
          <Alert severity="warning">{t('managerUsers.apiKey.onlyOnce')}</Alert>
        </Stack>
      )}
    </AppDialog>
  );
}
