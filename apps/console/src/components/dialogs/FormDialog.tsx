import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DialogName, dialogs } from './dialogRegistry';
import { useDialog } from './useDialog';

interface Props<P> {
  dialog: DialogName<P>;
  title: ReactNode;
  children: ReactNode;
  /** Absent: an information dialog with a Close button only. */
  onSubmit?: () => unknown;
  submitLabel?: string;
  busy?: boolean;
  /** Runs as the dialog opens, with the payload it was opened with (reset the form from it here). */
  onOpen?: (payload: P) => void;
  onClose?: () => void;
  /** Buttons before Cancel / submit. */
  actions?: ReactNode;
}

/**
 * A registered dialog that is a form: Enter submits, Escape closes (MUI), the first field with
 * autoFocus takes the focus; width as the generic dialog. Shared by every feature with form dialogs.
 */
export function FormDialog<P = undefined>(props: Props<P>) {
  const { dialog, title, children, onSubmit, submitLabel, busy, onOpen, onClose, actions } = props;
  const { t } = useTranslation();
  const { name } = dialog;
  const open = useDialog(dialog, { onOpen, onClose });
  const close = () => dialogs.close(name);
  const titleId = `${name}-dialog-title`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!busy) void onSubmit?.();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: '80dvw', minWidth: '40dvw' } } }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          {actions}
          {onSubmit ? (
            <>
              <Button onClick={close}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {submitLabel ?? t('common.confirm')}
              </Button>
            </>
          ) : (
            <Button variant="contained" onClick={close}>
              {t('common.close')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
