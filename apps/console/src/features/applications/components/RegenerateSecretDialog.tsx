import { DialogContentText } from '@mui/material';
import type { Application } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';

/** Opens with the application whose secret would be replaced. */
export const REGENERATE_SECRET_DIALOG = dialogName<Application>('regenerate-secret');

/** Asks first: the old secret stops working at once. */
export function RegenerateSecretDialog({
  onConfirm,
  busy,
}: {
  onConfirm: (a: Application) => unknown;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [application, setApplication] = useState<Application | null>(null);
  return (
    <AppDialog
      dialog={REGENERATE_SECRET_DIALOG}
      title={t('applications.secret.regenerateTitle')}
      onOpen={setApplication}
      onCancel
      busy={busy}
      onConfirm={async () => {
        if (!application) return;
        dialogs.close(REGENERATE_SECRET_DIALOG.name);
        await onConfirm(application);
      }}
    >
      <DialogContentText>
        {t('applications.secret.regenerateMessage', { name: application?.name ?? '' })}
      </DialogContentText>
    </AppDialog>
  );
}
