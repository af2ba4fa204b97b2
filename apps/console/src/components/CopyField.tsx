import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { feedback } from './feedback/feedbackStore';

/** A read-only value (a secret shown once, an id) with a button that copies it to the clipboard. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      feedback.push({ type: 'info', message: t('info.copied') });
    } catch {
      feedback.push({ type: 'error', message: t('error.generic') });
    }
  };
  const copyLabel = t('common.copyNamed', { name: label });
  return (
    <TextField
      label={label}
      value={value}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copyLabel}>
                <IconButton aria-label={copyLabel} onClick={copy} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
