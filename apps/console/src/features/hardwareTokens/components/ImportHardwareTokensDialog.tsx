import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { ERRORS, type ErrorCode, type HardwareTokenImportResult } from '@portiere/contracts';
import { type ChangeEvent, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { type HardwareTokenImport, useImportHardwareTokens } from '../api/hardwareTokensApi';
import { emptyImport, type ImportValues, importForm } from '../lib/hardwareTokenForms';

export const IMPORT_HARDWARE_TOKENS_DIALOG = dialogName('import-hardware-tokens');

/** PSKC files as vendors name them. */
const PSKC_ACCEPT = '.xml,.pskc,.pskcxml,application/xml,text/xml';

/** What the import did: tokens added, serials already held, keys that could not be read. */
function ImportResult({ result }: { result: HardwareTokenImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ pt: 1 }} data-testid="import-result">
      <Alert severity={result.errors.length ? 'warning' : 'success'}>
        {t('hardwareTokens.import.imported', { count: result.imported })}
      </Alert>
      {result.skipped.length > 0 && (
        <Typography variant="body2">
          {t('hardwareTokens.import.skipped', { count: result.skipped.length, serials: result.skipped.join(', ') })}
        </Typography>
      )}
      {result.errors.length > 0 && (
        <>
          <Typography variant="body2">{t('hardwareTokens.import.errors', { count: result.errors.length })}</Typography>
          <List dense>
            {result.errors.map((e) => (
              <ListItem key={`${e.key}-${e.code}`} sx={{ display: 'list-item' }}>
                {`${e.key}: ${Object.hasOwn(ERRORS, e.code) ? t(`error.${e.code as ErrorCode}`) : e.reason}`}
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

/**
 * Import: the vendor's PSKC file, read in the browser and sent as text, with the pre-shared key
 * when its secrets are encrypted. The dialog then shows what was imported, skipped and refused.
 */
export function ImportHardwareTokensDialog() {
  const { t } = useTranslation();
  const [result, setResult] = useState<HardwareTokenImportResult | null>(null);
  const { control, handleSubmit, reset, setValue, formState, showFieldErrors } = useContractForm<
    ImportValues,
    HardwareTokenImport
  >({ ...importForm, defaultValues: emptyImport });
  const fileName = useWatch({ control, name: 'fileName' });
  const importTokens = useImportHardwareTokens({
    success: (t, r) => t('hardwareTokens.import.imported', { count: r.imported }),
    onFieldErrors: showFieldErrors,
    codeFields: {
      pskcKeyNeeded: 'pre_shared_key',
      pskcKeyWrong: 'pre_shared_key',
      pskcInvalid: 'pskc',
      pskcDoctype: 'pskc',
      pskcUnsupported: 'pskc',
    },
    onSuccess: setResult,
  });

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again still reports a change.
    e.target.value = '';
    setValue('fileName', chosen?.name ?? '');
    setValue('pskc', chosen ? await chosen.text() : '', { shouldValidate: chosen !== null });
  };
  const submit = handleSubmit((input) => importTokens.run(input));
  const fileError = formState.errors.pskc?.message;

  return (
    <FormDialog
      dialog={IMPORT_HARDWARE_TOKENS_DIALOG}
      title={t('hardwareTokens.import.title')}
      onSubmit={result ? undefined : submit}
      submitLabel={t('hardwareTokens.import.submit')}
      busy={importTokens.isPending}
      onOpen={() => {
        setResult(null);
        reset(emptyImport);
      }}
    >
      {result ? (
        <ImportResult result={result} />
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl error={Boolean(fileError)}>
            <FormLabel id="pskc-file-label" sx={{ mb: 1 }}>
              {t('hardwareTokens.import.file')}
            </FormLabel>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                {t('hardwareTokens.import.choose')}
                <input
                  type="file"
                  hidden
                  accept={PSKC_ACCEPT}
                  aria-labelledby="pskc-file-label"
                  data-testid="pskc-file"
                  onChange={choose}
                />
              </Button>
              <Typography color={fileName ? 'text.primary' : 'text.secondary'}>
                {fileName || t('hardwareTokens.import.noFile')}
              </Typography>
            </Stack>
            <FormHelperText>{fileError ?? t('hardwareTokens.import.fileHint')}</FormHelperText>
          </FormControl>
          <FormTextField
            control={control}
            name="pre_shared_key"
            label={t('hardwareTokens.import.preSharedKey')}
            helperText={t('hardwareTokens.import.preSharedKeyHint')}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
