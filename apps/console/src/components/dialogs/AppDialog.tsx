import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DialogName, dialogs } from './dialogRegistry';
import { useDialog } from './useDialog';

type Action = () => unknown;

export interface AppDialogProps<P = undefined> {
  dialog: DialogName<P>;
  title: ReactNode;
  children?: ReactNode;
  /**
   * Each present handler shows its button; Cancel and No with `true` just close. Yes/No for a
   * yes-or-no question (log out? leave the page?), Cancel/Confirm for a destructive action.
   */
  onCancel?: Action | true;
  onNo?: Action | true;
  onConfirm?: Action;
  onOk?: Action;
  onYes?: Action;
  /** Runs as the dialog opens, with the payload it was opened with. */
  onOpen?: (payload: P) => void;
  onClose?: () => void;
  stepper?: boolean;
  /** Disables the affirmative buttons (e.g. while saving). */
  busy?: boolean;
  /** Buttons of the dialog's own, before the standard ones. */
  actions?: ReactNode;
  /** What Escape and a click beside the dialog do (default: close it). */
  onDismiss?: Action;
}

/** The generic dialog: registered by name, closed with Escape, width between 40 and 80 dvw. */
export function AppDialog<P = undefined>(props: AppDialogProps<P>) {
  const { dialog, title, children, onCancel, onNo, onConfirm, onOk, onYes, busy, actions, onDismiss } = props;
  const { t } = useTranslation();
  const { name } = dialog;
  const open = useDialog(dialog, { onOpen: props.onOpen, onClose: props.onClose, stepper: props.stepper });
  const close = () => dialogs.close(name);
  const titleId = `${name}-dialog-title`;
  return (
    <Dialog
      open={open}
      onClose={onDismiss ?? close}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: '80dvw', minWidth: '40dvw' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children && <DialogContent>{children}</DialogContent>}
      <DialogActions>
        {actions}
        {onCancel && <Button onClick={onCancel === true ? close : onCancel}>{t('common.cancel')}</Button>}
        {onNo && <Button onClick={onNo === true ? close : onNo}>{t('common.no')}</Button>}
        {onConfirm && (
          <Button variant="contained" onClick={onConfirm} disabled={busy} autoFocus>
            {t('common.confirm')}
          </Button>
        )}
        {onOk && (
          <Button variant="contained" onClick={onOk} disabled={busy} autoFocus={!onConfirm}>
            {t('common.ok')}
          </Button>
        )}
        {onYes && (
          <Button variant="contained" onClick={onYes} disabled={busy} autoFocus={!onConfirm && !onOk}>
            {t('common.yes')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
