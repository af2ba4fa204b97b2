import { FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { EXPORT_FORMATS, fieldError } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { type ExportFormat, type MemberQuery, useExportMembers } from '../api/membersApi';

/** Opens with the list's current query: the export takes what the list filters, in its order. */
export const EXPORT_DIALOG = dialogName<MemberQuery>('exportUsers');

/** File name must be present and made of letters, digits, spaces, dots, dashes or underscores. */
export function exportFileNameError(name: string) {
  const v = name.trim();
  if (!v) return fieldError('required');
  if (v.length > 100) return fieldError('maxLength', { max: 100 });
  if (!/^[\w\- .]+$/.test(v)) return fieldError('invalid');
  return null;
}

/** Export users: file name (required) and format; exports what the list filtered when opened, sorted alike. */
export function ExportDialog() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<MemberQuery>({});
  const [fileName, setFileName] = useState('users');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [error, setError] = useState<string | null>(null);
  const exportMembers = useExportMembers({
    feedbackDialog: (t, { fileName }) => t('members.exportDialog.running', { fileName }),
    success: (t) => t('success.dataExported'),
    message: (t) => t('error.exportFailed'),
  });

  const submit = async () => {
    const fe = exportFileNameError(fileName);
    if (fe) {
      setError(fieldErrorMessage(t, fe));
      return;
    }
    // The form closes; the feedback dialog follows the export and says how it went.
    dialogs.close(EXPORT_DIALOG.name);
    await exportMembers.run({ format, fileName: fileName.trim(), query });
  };

  return (
    <FormDialog
      dialog={EXPORT_DIALOG}
      title={t('members.exportDialog.title')}
      onSubmit={submit}
      submitLabel={t('members.exportDialog.submit')}
      busy={exportMembers.isPending}
      onOpen={(q) => {
        setQuery(q);
        setError(null);
      }}
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
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
        >
          {EXPORT_FORMATS.map((f) => (
            <FormControlLabel key={f} value={f} control={<Radio />} label={f.toUpperCase()} />
          ))}
        </RadioGroup>
      </Stack>
    </FormDialog>
  );
}
