import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormControl, FormHelperText, FormLabel, Stack, TextField, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useUploadScript } from '../api/laScriptsApi';
import {
  checkScriptFile,
  kilobytes,
  SCRIPT_ACCEPT,
  SCRIPT_EXTENSION_LIST,
  SCRIPT_MAX_KB,
  scriptFileMessage,
  versionError,
} from '../lib/scriptFile';

export const UPLOAD_SCRIPT_DIALOG = dialogName('upload-script');

type Errors = { file?: string; version?: string };

/** Upload script: a file (type and size checked here before sending) and its version. */
export function UploadScriptDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const upload = useUploadScript(customerId, {
    success: (t, script) => t('laScripts.uploaded', { name: script.name }),
    // A refusal of the file (type by content, size) goes under the file; the rest in the snackbar too.
    onFieldErrors: (fields) => setErrors({ file: fields.file, version: fields.version }),
    codeFields: { scriptType: 'file', scriptTooLarge: 'file', scriptMissing: 'file' },
    onSuccess: () => dialogs.close(UPLOAD_SCRIPT_DIALOG.name),
  });

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again still reports a change.
    e.target.value = '';
    setFile(chosen);
    const problem = chosen && checkScriptFile(chosen);
    setErrors((prev) => ({ ...prev, file: problem ? scriptFileMessage(t, problem) : undefined }));
  };

  const submit = async () => {
    const fileProblem = checkScriptFile(file);
    const versionProblem = versionError(version);
    const next: Errors = {
      file: fileProblem ? scriptFileMessage(t, fileProblem) : undefined,
      version: versionProblem ? fieldErrorMessage(t, versionProblem) : undefined,
    };
    setErrors(next);
    if (!file || next.file || next.version) return;
    await upload.run({ file, version: version.trim() });
  };

  return (
    <FormDialog
      dialog={UPLOAD_SCRIPT_DIALOG}
      title={t('laScripts.form.title')}
      onSubmit={submit}
      submitLabel={t('laScripts.form.submit')}
      busy={upload.isPending}
      onOpen={() => {
        setFile(null);
        setVersion('');
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormControl error={Boolean(errors.file)}>
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
            {errors.file ?? t('laScripts.form.fileHint', { extensions: SCRIPT_EXTENSION_LIST, max: SCRIPT_MAX_KB })}
          </FormHelperText>
        </FormControl>
        <TextField
          required
          label={t('laScripts.form.version')}
          value={version}
          onChange={(e) => {
            setVersion(e.target.value);
            setErrors((prev) => ({ ...prev, version: undefined }));
          }}
          error={Boolean(errors.version)}
          helperText={errors.version ?? t('laScripts.form.versionHint')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Stack>
    </FormDialog>
  );
}
