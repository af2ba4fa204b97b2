import { Typography } from '@mui/material';
import { API_KEY_HEADER } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField';
import { dialogName } from '../../../components/dialogs/dialogRegistry';
import { SecretOnceDialog } from '../../../components/dialogs/SecretOnceDialog';

export interface ShownApiKey {
  email: string;
  apiKey: string;
}

/** Opens with the answer of a reset: the only time the key is seen. */
export const API_KEY_DIALOG = dialogName<ShownApiKey>('api-key');

/** The new key with a copy button and the header to send it in; asks before closing if not copied. */
export function ApiKeyDialog() {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      dialog={API_KEY_DIALOG}
      secretOf={(shown) => shown.apiKey}
      testId="api-key"
      texts={(shown) => ({
        title: t('managerUsers.apiKey.title', { email: shown?.email ?? '' }),
        label: t('managerUsers.apiKey.key'),
        copy: t('managerUsers.apiKey.copy'),
        onlyOnce: t('managerUsers.apiKey.onlyOnce'),
        copiedQuestion: t('managerUsers.apiKey.copiedQuestion'),
      })}
    >
      {() => (
        <>
          <CopyField label={t('managerUsers.apiKey.header')} value={API_KEY_HEADER} testId="api-key-header" />
          <Typography variant="body2">
            {t('managerUsers.apiKey.usage', { header: API_KEY_HEADER, example: `${API_KEY_HEADER}: ptk_…` })}
          </Typography>
        </>
      )}
    </SecretOnceDialog>
  );
}
