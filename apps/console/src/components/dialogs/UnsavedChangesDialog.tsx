import { DialogContentText } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog';
import { dialogs } from './dialogRegistry';
import { type LeaveRequest, UNSAVED_CHANGES_DIALOG } from './unsavedChanges';

/** "Leave this page and lose the changes?" Yes leaves; No or Escape stays. */
export function UnsavedChangesDialog() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<LeaveRequest | null>(null);
  // Read synchronously by onClose, which runs inside the Confirm handler.
  const left = useRef(false);
  return (
    <AppDialog
      dialog={UNSAVED_CHANGES_DIALOG}
      title={t('dialogs.unsaved.title')}
      onOpen={(r) => {
        setRequest(r);
        left.current = false;
      }}
      onClose={() => {
        if (!left.current) request?.stay();
      }}
      onNo
      onYes={() => {
        left.current = true;
        dialogs.close(UNSAVED_CHANGES_DIALOG.name);
        request?.leave();
      }}
    >
      <DialogContentText>{t('dialogs.unsaved.message')}</DialogContentText>
    </AppDialog>
  );
}
