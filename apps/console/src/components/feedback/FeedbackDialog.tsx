import { Alert, Stack } from '@mui/material';
import { FEEDBACK_DIALOG } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { AppDialog } from '../dialogs/AppDialog';
import { dialogName } from '../dialogs/dialogRegistry';
import { feedback } from './feedbackStore';

const FEEDBACK = dialogName(FEEDBACK_DIALOG);

/** Result dialog of a long operation: messages pushed while it is open are listed here. */
export function FeedbackDialog() {
  const { t } = useTranslation();
  const title = useStore(feedback.store, (s) => s.title);
  const items = useStore(feedback.store, (s) => s.dialogList);
  return (
    <AppDialog dialog={FEEDBACK} title={title ?? t('dialogs.feedback.title')} onOk={() => feedback.stop()}>
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
