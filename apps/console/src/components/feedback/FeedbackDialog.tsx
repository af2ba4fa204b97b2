import { Alert, Stack } from '@mui/material';
import { FEEDBACK_DIALOG } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { AppDialog } from '../dialogs/AppDialog';
import { feedback } from './feedbackStore';

/** Result dialog of a long operation: messages pushed while it is open are listed here. */
export function FeedbackDialog() {
  const { t } = useTranslation();
  const title = useStore(feedback.store, (s) => s.title);
  const items = useStore(feedback.store, (s) => s.dialogList);
  return (
    <AppDialog name={FEEDBACK_DIALOG} title={title ?? t('dialogs.feedback.title')} onOk={() => feedback.stop()}>
      <Stack spacing={1}>
        {items.map((f) => (
          <Alert key={f.id} severity={f.type}>
            {f.message}
          </Alert>
        ))}
      </Stack>
    </AppDialog>
  );
}
