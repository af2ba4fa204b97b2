import { FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { EXPORT_FORMATS, exportQuerySchema } from '@portiere/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { type ExportFormat, type MemberQuery, useExportMembers } from '../api/membersApi';

/** Opens with the list's current query: the export takes what the list filters, in its order. */
export const EXPORT_DIALOG = dialogName<MemberQuery>('exportUsers');

interface ExportValues {
  file_name: string;
  format: ExportFormat;
}
/** The export's file name and format, as the contract's query bounds them (letters, digits, spaces, . - _). */
export const exportForm = { schema: exportQuerySchema.pick({ file_name: true, format: true }) };

/** Export users: file name (required) and format; exports what the list filtered when opened, sorted alike. */
export function ExportDialog() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<MemberQuery>({});
  // The name and format typed last stay for the next export.
  const { control, handleSubmit, clearErrors } = useContractForm<ExportValues, ExportValues>({
    ...exportForm,
    defaultValues: { file_name: 'users', format: 'csv' },
  });
  const exportMembers = useExportMembers({
    feedbackDialog: (t, { fileName }) => t('members.exportDialog.running', { fileName }),
    success: (t) => t('success.dataExported'),
    message: (t) => t('error.exportFailed'),
  });

  const submit = handleSubmit(async ({ file_name, format }) => {
    // The form closes; the feedback dialog follows the export and says how it went.
    dialogs.close(EXPORT_DIALOG.name);
    await exportMembers.run({ format, fileName: file_name, query });
  });

  return (
    <FormDialog
      dialog={EXPORT_DIALOG}
      title={t('members.exportDialog.title')}
      onSubmit={submit}
      submitLabel={t('members.exportDialog.submit')}
      busy={exportMembers.isPending}
      onOpen={(q) => {
        setQuery(q);
        clearErrors();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="file_name"
          label={t('members.exportDialog.fileName')}
          required
          autoFocus
          size="small"
          fullWidth
        />
        <Typography variant="subtitle2" id="export-format-label">
          {t('members.exportDialog.format')}
        </Typography>
        <Controller
          control={control}
          name="format"
          render={({ field }) => (
            <RadioGroup
              row
              aria-labelledby="export-format-label"
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {EXPORT_FORMATS.map((f) => (
                <FormControlLabel key={f} value={f} control={<Radio />} label={f.toUpperCase()} />
              ))}
            </RadioGroup>
          )}
        />
      </Stack>
    </FormDialog>
  );
}
