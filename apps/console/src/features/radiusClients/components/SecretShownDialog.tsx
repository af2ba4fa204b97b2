import { Typography } from '@mui/material';
import type { RadiusClientWithSecret } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { dialogName } from '../../../components/dialogs/dialogRegistry';
import { SecretOnceDialog } from '../../../components/dialogs/SecretOnceDialog';

/** Opens with a client just registered or given a new secret: the only time the secret is seen. */
export const SECRET_SHOWN_DIALOG = dialogName<RadiusClientWithSecret>('radius-secret-shown');

export function SecretShownDialog() {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      dialog={SECRET_SHOWN_DIALOG}
      secretOf={(c) => c.secret}
      testId="radius-secret"
      texts={(c) => ({
        title: t('radiusClients.shown.title', { name: c?.name ?? '' }),
        label: t('radiusClients.shown.secret'),
        copy: t('radiusClients.shown.copy'),
        onlyOnce: t('radiusClients.shown.onlyOnce'),
        copiedQuestion: t('radiusClients.shown.copiedQuestion'),
      })}
    >
      {(c) => <Typography variant="body2">{t('radiusClients.shown.usage', { address: c.address })}</Typography>}
    </SecretOnceDialog>
  );
}
