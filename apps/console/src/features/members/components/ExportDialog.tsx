import { FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { EXPORT_FORMATS, fieldError } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { feedback } from '../../../components/feedback/feedbackStore';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { downloadExport, type MemberQuery } from '../api/membersApi';

export const EXPORT_DIALOG = 'exportUsers';
type Format = (typeof EXPORT_FORMATS)[number];

/** File name must be present and made of letters, digits, spaces, dots, dashes or underscores. */
export function exportFileNameError(name: string) {
  const v = name.trim();
  if (!v) return fieldError('required');
  if (v.length > 100) return fieldError('maxLength', { max: 100 });
  if (!/^[\w\- .]+$/.test(v)) return fieldError('invalid');
  return null;
}

/** Export users: file name (required) and format; exports what the list currently filters. */
export function ExportDialog({ query }: { query: MemberQuery }) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState('users');
  const [format, setFormat] = useState<Format>('csv');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const fe = exportFileNameError(fileName);
    if (fe) {
      setError(fieldErrorMessage(t, fe));
      return;
    }
    setBusy(true);
    try {
      const { ordering: _ordering, ...filters } = query;
      await downloadExport(format, fileName.trim(), filters);
      feedback.push({ type: 'success', message: t('success.dataExported') });
      dialogs.close(EXPORT_DIALOG);
    } catch {
      feedback.push({ type: 'error', message: t('error.exportFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      name={EXPORT_DIALOG}
      title={t('members.exportDialog.title')}
      onSubmit={submit}
      submitLabel={t('members.exportDialog.submit')}
      busy={busy}
      onOpen={() => setError(null)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('members.exportDialog.fileName')}
          value={fileName}
          onChange={(e) => {
            setFileName(e.target.value);
            setError(null);
          }}
          required
          autoFocus
          size="small"
          fullWidth
          error={Boolean(error)}
          helperText={error}
        />
        <Typography variant="subtitle2" id="export-format-label">
          {t('members.exportDialog.format')}
        </Typography>
        <RadioGroup
          row
          aria-labelledby="export-format-label"
          value={format}
          onChange={(e) => setFormat(e.target.value as Format)}
        >
          {EXPORT_FORMATS.map((f) => (
            <FormControlLabel key={f} value={f} control={<Radio />} label={f.toUpperCase()} />
          ))}
        </RadioGroup>
      </Stack>
    </FormDialog>
  );
}
