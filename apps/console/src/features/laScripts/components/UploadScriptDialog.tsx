import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { type ScriptUpload, useUploadScript } from '../api/laScriptsApi';
import { kilobytes, SCRIPT_ACCEPT, SCRIPT_EXTENSION_LIST, SCRIPT_MAX_KB } from '../lib/scriptFile';
import { emptyUploadForm, type UploadFormValues, uploadForm } from '../lib/uploadForm';

export const UPLOAD_SCRIPT_DIALOG = dialogName('upload-script');

/** Upload script: a file (type and size checked by the contract as it is chosen) and its version. */
export function UploadScriptDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, setValue, clearErrors, formState, showFieldErrors } = useContractForm<
    UploadFormValues,
    ScriptUpload
  >({
    ...uploadForm,
    defaultValues: emptyUploadForm,
  });
  const file = useWatch({ control, name: 'file' });
  const upload = useUploadScript(customerId, {
    success: (t, script) => t('laScripts.uploaded', { name: script.name }),
    // A refusal of the file (type by content, size) goes under the file; the rest in the snackbar too.
    onFieldErrors: showFieldErrors,
    codeFields: { scriptType: 'file', scriptTooLarge: 'file', scriptMissing: 'file' },
    onSuccess: () => dialogs.close(UPLOAD_SCRIPT_DIALOG.name),
  });

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again still reports a change.
    e.target.value = '';
    // A chosen file is checked at once; none chosen clears what was said of the last one.
    setValue('file', chosen, { shouldValidate: chosen !== null });
    if (!chosen) clearErrors('file');
  };
  const submit = handleSubmit((input) => upload.run(input));
  const fileError = formState.errors.file?.message;

  return (
    <FormDialog
      dialog={UPLOAD_SCRIPT_DIALOG}
      title={t('laScripts.form.title')}
      onSubmit={submit}
      submitLabel={t('laScripts.form.submit')}
      busy={upload.isPending}
      onOpen={() => reset(emptyUploadForm)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormControl error={Boolean(fileError)}>
          <FormLabel id="script-file-label" sx={{ mb: 1 }}>
            {t('laScripts.form.file')}
          </FormLabel>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
              {t('laScripts.form.choose')}
              <input
                type="file"
                hidden
                accept={SCRIPT_ACCEPT}
                aria-labelledby="script-file-label"
                data-testid="script-file"
                onChange={choose}
              />
            </Button>
            <Typography data-testid="script-file-name" color={file ? 'text.primary' : 'text.secondary'}>
              {file
                ? `${file.name} (${t('laScripts.sizeKb', { size: kilobytes(file.size) })})`
                : t('laScripts.form.noFile')}
            </Typography>
          </Stack>
          <FormHelperText>
            {fileError ?? t('laScripts.form.fileHint', { extensions: SCRIPT_EXTENSION_LIST, max: SCRIPT_MAX_KB })}
          </FormHelperText>
        </FormControl>
        <FormTextField
          control={control}
          name="version"
          required
          label={t('laScripts.form.version')}
          helperText={t('laScripts.form.versionHint')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Stack>
    </FormDialog>
  );
}
