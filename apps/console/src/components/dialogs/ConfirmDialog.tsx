import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../../lib/store';
import { AppDialog } from './AppDialog';
import { dialogs } from './dialogRegistry';

export const CONFIRM_DIALOG = 'confirm';

interface ConfirmRequest {
  kind: 'delete' | 'disassociate';
  /** Name of the object, shown in the question. */
  name: string;
  onConfirm: () => void | Promise<void>;
}

const confirmStore = createStore<{ request: ConfirmRequest | null }>({ request: null });

/** Asks "delete X?" / "disassociate X?" and runs the action only on Confirm. */
export function askConfirmation(request: ConfirmRequest): void {
  confirmStore.setState({ request });
  dialogs.open(CONFIRM_DIALOG);
}

export function ConfirmDialog() {
  const { t } = useTranslation();
  const request = useStore(confirmStore, (s) => s.request);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.onConfirm();
    } finally {
      setBusy(false);
      dialogs.close(CONFIRM_DIALOG);
    }
  };
  const kind = request?.kind ?? 'delete';
  return (
    <AppDialog name={CONFIRM_DIALOG} title={t(`dialogs.${kind}.title`)} onCancel onConfirm={confirm} busy={busy}>
      <DialogContentText>{t(`dialogs.${kind}.message`, { name: request?.name ?? '' })}</DialogContentText>
    </AppDialog>
  );
}
