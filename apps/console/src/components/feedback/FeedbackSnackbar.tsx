import CloseIcon from '@mui/icons-material/Close';
import { Alert, IconButton, Stack } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { feedback } from './feedbackStore';

/** Bottom stack of messages; errors carry a close button and never time out. */
export function FeedbackSnackbar() {
  const { t } = useTranslation();
  const list = useStore(feedback.store, (s) => s.list);
  // A message's time on screen starts when it is rendered, not when it was raised.
  useEffect(() => {
    if (list.length) feedback.shown();
  }, [list]);
  if (list.length === 0) return null;
  return (
    <Stack
      spacing={1}
      sx={{ position: 'fixed', bottom: 24, left: '50%', transform: 'translateX(-50%)', zIndex: 1500, minWidth: 320 }}
      data-testid="feedback-snackbar"
    >
      {list.map((f) => (
        <Alert
          key={f.id}
          severity={f.type}
          variant="filled"
          role={f.type === 'error' ? 'alert' : 'status'}
          action={
            f.type === 'error' ? (
              <IconButton
                aria-label={t('common.close')}
                color="inherit"
                size="small"
                onClick={() => feedback.remove(f.id)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            ) : undefined
          }
        >
          {f.message}
        </Alert>
      ))}
    </Stack>
  );
}
