import { Alert, Box, Stack } from '@mui/material';
import { FEEDBACK_DIALOG } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { AppDialog } from '../dialogs/AppDialog';
import { dialogName } from '../dialogs/dialogRegistry';
import { Spinner } from '../loading/LoadingOverlay';
import { loading } from '../loading/loadingStore';
import { feedback } from './feedbackStore';

export const FEEDBACK = dialogName(FEEDBACK_DIALOG);

/**
 * Result dialog of a long or many-part operation (spec 4 and 9): its title from the start,
 * the loading spinner while it runs (the global loading flag, shown here rather than over the
 * dialog), then the messages pushed while it is open; Ok (or Escape) closes it.
 */
export function FeedbackDialog() {
  const { t } = useTranslation();
  const title = useStore(feedback.store, (s) => s.title);
  const items = useStore(feedback.store, (s) => s.dialogList);
  const running = useStore(loading.store, (s) => s.loading);
  return (
    <AppDialog
      dialog={FEEDBACK}
      title={title ?? t('dialogs.feedback.title')}
      onOk={() => feedback.stop()}
      onClose={() => void feedback.stop()}
      busy={running}
    >
      <Stack spacing={1} aria-live="polite" aria-busy={running} data-testid="feedback-dialog-list">
        {items.map((f) => (
          <Alert key={f.id} severity={f.type}>
            {f.message}
          </Alert>
        ))}
        {running && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
            <Spinner />
          </Box>
        )}
      </Stack>
    </AppDialog>
  );
}
