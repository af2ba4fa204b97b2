import { Alert, Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../../components/dialogs/AppDialog';
import { dialogName, dialogs } from '../../../../components/dialogs/dialogRegistry';
import { Spinner } from '../../../../components/loading/LoadingOverlay';
import { type TemplateDraft, usePreviewMailTemplate } from '../../api/mailTemplatesApi';

export const MAIL_PREVIEW_DIALOG = dialogName<TemplateDraft>('mail-preview');

/** The draft as the server renders it with sample values: its subject and its text part. */
export function MailPreviewDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  // The dialog says a failure itself, no snackbar message as well.
  const preview = usePreviewMailTemplate(customerId, {
    notify: false,
    onError: (_err, message) => setFailure(message),
  });
  return (
    <AppDialog
      dialog={MAIL_PREVIEW_DIALOG}
      title={t('settings.mailTemplates.previewTitle')}
      onOpen={(draft) => {
        setFailure(null);
        preview.reset();
        void preview.run(draft);
      }}
      onOk={() => dialogs.close(MAIL_PREVIEW_DIALOG.name)}
    >
      {preview.isPending && <Spinner />}
      {failure && <Alert severity="error">{failure}</Alert>}
      {preview.data && (
        <Stack spacing={2} data-testid="mail-preview">
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('settings.mailTemplates.subject')}
            </Typography>
            <Typography variant="subtitle1" data-testid="mail-preview-subject">
              {preview.data.subject}
            </Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('settings.mailTemplates.textPart')}
            </Typography>
            <Box
              data-testid="mail-preview-text"
              sx={{
                whiteSpace: 'pre-wrap',
                fontFamily: 'monospace',
                fontSize: 14,
                bgcolor: 'action.hover',
                borderRadius: 1,
                p: 2,
                maxHeight: '50dvh',
                overflow: 'auto',
              }}
            >
              {preview.data.text}
            </Box>
          </Box>
        </Stack>
      )}
    </AppDialog>
  );
}
