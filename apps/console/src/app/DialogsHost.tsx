import { ConfirmDialog } from '../components/dialogs/ConfirmDialog';
import { UnsavedChangesDialog } from '../components/dialogs/UnsavedChangesDialog';
import { FeedbackDialog } from '../components/feedback/FeedbackDialog';
import { FeedbackSnackbar } from '../components/feedback/FeedbackSnackbar';
import { LoadingOverlay } from '../components/loading/LoadingOverlay';
import { LogoutDialog } from './LogoutDialog';

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
