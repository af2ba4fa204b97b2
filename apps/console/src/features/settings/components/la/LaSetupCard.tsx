import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../components/feedback/feedbackStore';
import { SettingsCard } from '../SettingsCard';

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

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = t('settings.la.copy', { name: label });
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: 'monospace' }, 'data-testid': testId },
        input: {
          endAdornment: (
            <Tooltip title={copy}>
              <IconButton
                aria-label={copy}
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

/** What an installer types into the assistant: the customer id and this server's assistant URL. */
export function LaSetupCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.la.setupTitle')}>
      <Typography variant="body2" color="text.secondary">
        {t('settings.la.setupIntro')}
      </Typography>
      <CopyField label={t('settings.la.customerId')} value={customerId} testId="la-customer-id" />
      <CopyField
        label={t('settings.la.serverUrl')}
        value={`${window.location.origin}/api/v1/assistant/`}
        testId="la-server-url"
      />
    </SettingsCard>
  );
}
