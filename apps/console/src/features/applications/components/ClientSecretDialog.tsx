import { Alert, Stack } from '@mui/material';
import type { ApplicationWithSecret } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';

/** Opens with the answer of a creation or a regeneration: the only time the secret is seen. */
export const CLIENT_SECRET_DIALOG = dialogName<ApplicationWithSecret>('client-secret');

/** Client id and secret, each with a copy button; public clients are told they have no secret (PKCE). */
export function ClientSecretDialog() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ApplicationWithSecret | null>(null);
  return (
    <AppDialog
      dialog={CLIENT_SECRET_DIALOG}
      title={t('applications.secret.title', { name: shown?.name ?? '' })}
      onOpen={setShown}
      onOk={() => dialogs.close(CLIENT_SECRET_DIALOG.name)}
      // Shown once: forgotten when the dialog closes.
      onClose={() => setShown(null)}
    >
      {shown && (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CopyField label={t('applications.form.clientId')} value={shown.clientId} testId="client-id" />
          {shown.clientSecret ? (
            <>
              <CopyField
                label={t('applications.form.clientSecret')}
                value={shown.clientSecret}
                testId="client-secret"
              />
              <Alert severity="warning">{t('applications.secret.onlyOnce')}</Alert>
            </>
          ) : (
            <Alert severity="info">{t('applications.secret.publicClient')}</Alert>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}
