import { ThemeProvider } from '@mui/material';
import { ConfirmDialog } from '../components/dialogs/ConfirmDialog';
import { UnsavedChangesDialog } from '../components/dialogs/UnsavedChangesDialog';
import { FeedbackDialog } from '../components/feedback/FeedbackDialog';
import { FeedbackSnackbar } from '../components/feedback/FeedbackSnackbar';
import { LoadingOverlay } from '../components/loading/LoadingOverlay';
import { LogoutDialog } from './LogoutDialog';
import { theme } from './theme';

/**
 * App-wide dialogs and overlays, with MUI and the theme: a chunk of its own, mounted by
 * RootLayout as soon as anything may need them (useDialogsHostNeeded), then kept, so their
 * names stay registered.
 */
export default function DialogsHost() {
  return (
    <ThemeProvider theme={theme}>
      <LogoutDialog />
      <ConfirmDialog />
      <UnsavedChangesDialog />
      <FeedbackDialog />
      <FeedbackSnackbar />
      <LoadingOverlay />
    </ThemeProvider>
  );
}
