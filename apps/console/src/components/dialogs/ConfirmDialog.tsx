import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog';
import { dialogName, dialogs, openDialogWhenRegistered } from './dialogRegistry';

export interface ConfirmRequest {
  kind: 'delete' | 'disassociate' | 'remove' | 'reset' | 'revoke' | 'retire' | 'pinReset';
  /** Name of the object, shown in the question. */
  name: string;
  /** What follows from it, said under the question. */
  detail?: string;
  onConfirm: () => unknown;
}

export const CONFIRM_DIALOG = dialogName<ConfirmRequest>('confirm');

/** Asks "delete X?" / "disassociate X?" / "remove X?" / "reset X?" / "revoke X?" / "retire X?" and runs the action only on Confirm. */
export function askConfirmation(request: ConfirmRequest): void {
  openDialogWhenRegistered(CONFIRM_DIALOG, request);
}

export function ConfirmDialog() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.onConfirm();
    } finally {
      setBusy(false);
      dialogs.close(CONFIRM_DIALOG.name);
    }
  };
  const kind = request?.kind ?? 'delete';
  return (
    <AppDialog
      dialog={CONFIRM_DIALOG}
      onOpen={setRequest}
      title={t(`dialogs.${kind}.title`)}
      onCancel
      onConfirm={confirm}
      busy={busy}
    >
      <DialogContentText>{t(`dialogs.${kind}.message`, { name: request?.name ?? '' })}</DialogContentText>
      {request?.detail && <DialogContentText sx={{ mt: 1 }}>{request.detail}</DialogContentText>}
    </AppDialog>
  );
}
