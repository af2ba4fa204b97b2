import { Alert, Stack, Typography } from '@mui/material';
import { API_KEY_HEADER } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';

export interface ShownApiKey {
  email: string;
  apiKey: string;
}

/** Opens with the answer of a reset: the only time the key is seen. */
export const API_KEY_DIALOG = dialogName<ShownApiKey>('api-key');

/** The new key with a copy button and the header to send it in; forgotten when the dialog closes. */
export function ApiKeyDialog() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownApiKey | null>(null);
  return (
    <AppDialog
      dialog={API_KEY_DIALOG}
      title={t('managerUsers.apiKey.title', { email: shown?.email ?? '' })}
      onOpen={setShown}
      onOk={() => dialogs.close(API_KEY_DIALOG.name)}
      onClose={() => setShown(null)}
    >
      {shown && (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CopyField label={t('managerUsers.apiKey.key')} value={shown.apiKey} testId="api-key" />
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
