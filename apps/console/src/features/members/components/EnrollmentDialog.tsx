import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import type { Credential, Enrollment } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { feedback } from '../../../components/feedback/feedbackStore';
import { isApp } from '../lib/credentialKinds';

export interface ShownEnrollment {
  credential: Credential;
  enrollment: Enrollment;
}
/** Opens with a new (or reset) credential and what its enrolment needs. */
export const ENROLLMENT_DIALOG = dialogName<ShownEnrollment>('credentialEnrollment');

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission: the old way, through a selected text area.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand?.('copy') ?? false;
    area.remove();
    return ok;
  }
}

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <Tooltip title={t('credentials.enrollment.copy', { what: label })}>
              <IconButton
                aria-label={t('credentials.enrollment.copy', { what: label })}
                onClick={async () => {
                  if (await copyText(value)) feedback.push({ type: 'info', message: t('info.copied') });
                }}
              >
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        },
      }}
    />
  );
}

interface Props {
  onSendQr: (credential: Credential) => void;
}

/** What a new (or reset) TOTP, HOTP or app credential needs, shown once. */
export function EnrollmentDialog({ onSendQr }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownEnrollment | null>(null);
  const credential = shown?.credential;
  const e = shown?.enrollment;
  const typeLabel = credential ? t(`credentials.types.${credential.type}`) : '';
  return (
    <FormDialog
      dialog={ENROLLMENT_DIALOG}
      onOpen={setShown}
      title={t('credentials.enrollment.title', { type: typeLabel })}
      actions={
        credential && isApp(credential.type) ? (
          <Button onClick={() => onSendQr(credential)}>{t('credentials.sendQr')}</Button>
        ) : undefined
      }
    >
      {e && (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('credentials.enrollment.onceWarning')}</Alert>
          {e.qr_code && (
            <Box sx={{ textAlign: 'center' }}>
              <Box
                component="img"
                src={e.qr_code}
                alt={t('credentials.enrollment.qrAlt')}
                sx={{ width: 220, height: 220, imageRendering: 'pixelated' }}
              />
            </Box>
          )}
          {e.secret && <CopyField label={t('credentials.enrollment.secret')} value={e.secret} />}
          {e.otpauth_uri && <CopyField label={t('credentials.enrollment.uri')} value={e.otpauth_uri} />}
          {e.confirmation_code && (
            <CopyField label={t('credentials.enrollment.confirmationCode')} value={e.confirmation_code} />
          )}
          {e.enrollment_url && <CopyField label={t('credentials.enrollment.enrollmentUrl')} value={e.enrollment_url} />}
        </Stack>
      )}
    </FormDialog>
  );
}
