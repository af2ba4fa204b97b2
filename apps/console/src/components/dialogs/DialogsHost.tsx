import { FeedbackDialog } from '../feedback/FeedbackDialog';
import { FeedbackSnackbar } from '../feedback/FeedbackSnackbar';
import { LoadingOverlay } from '../loading/LoadingOverlay';
import { ConfirmDialog } from './ConfirmDialog';
import { LogoutDialog } from './LogoutDialog';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

/** App-wide dialogs and overlays; mounted once so their names are always registered. */
export function DialogsHost() {
  return (
    <>
      <LogoutDialog />
      <ConfirmDialog />
      <UnsavedChangesDialog />
      <FeedbackDialog />
      <FeedbackSnackbar />
      <LoadingOverlay />
    </>
  );
}
