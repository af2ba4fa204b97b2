import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCopyText } from './useCopyText';

/**
 * A read-only value (a secret shown once, an id) with a button that copies it to the clipboard
 * (`button={false}`: without, when the dialog has a copy button of its own).
 */
export function CopyField({
  label,
  value,
  testId,
  button = true,
}: {
  label: string;
  value: string;
  testId: string;
  button?: boolean;
}) {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const copy = () => copyText(value);
  const copyLabel = t('common.copyNamed', { name: label });
  return (
    <TextField
      label={label}
      value={value}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } },
        input: button
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={copyLabel}>
                    <IconButton aria-label={copyLabel} onClick={copy} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
