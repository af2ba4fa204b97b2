import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, MenuItem, Stack, TextField } from '@mui/material';
import { type Credential, type CredentialType, fieldError } from '@portiere/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { type CredentialCreated, useCreateCredential } from '../api/credentialsApi';
import {
  type CredentialFormValues,
  credentialChoices,
  credentialInputOf,
  emptyCredentialForm,
  secretFieldOf,
} from '../lib/credentialKinds';

export const ADD_CREDENTIAL_DIALOG = dialogName('addCredential');

interface Props {
  memberId: string;
  allowed: readonly string[];
  /** Of the allowed kinds, those the CMS settings issue. */
  issuable: readonly string[];
  existing: readonly Credential[];
  onCreated: (created: CredentialCreated) => void;
}

/** New credential: only the kinds the member's configuration allows, with the fields each kind needs. */
export function AddCredentialDialog({ memberId, allowed, issuable, existing, onCreated }: Props) {
  const { t } = useTranslation();
  const choices = credentialChoices(allowed, existing, issuable);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, register, handleSubmit, reset, watch, setValue, setError, formState } =
    useForm<CredentialFormValues>({
      defaultValues: emptyCredentialForm,
    });
  const type = watch('type');
  const secretField = secretFieldOf(type);
  const required = fieldErrorMessage(t, fieldError('required'));

  const create = useCreateCredential(memberId, {
    success: (t, created) =>
      created.enrollment?.pin_sent_to
        ? `${t('success.credentialCreated')} ${t('credentials.pinSentTo', { to: created.enrollment.pin_sent_to })}`
        : t('success.credentialCreated'),
    // A refused secret (PIN length, key size...) is named under the secret, in the user's language.
    onFieldErrors: (fields) => {
      const message = fields.value ?? fields.public_key ?? fields.certificate;
      if (message) setError('secret', { type: 'server', message });
    },
    onError: (_err, message) => setServerError(message),
    onSuccess: (created) => {
      dialogs.close(ADD_CREDENTIAL_DIALOG.name);
      onCreated(created);
    },
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    await create.run(credentialInputOf(values));
  });

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setValue('secret', await file.text(), { shouldValidate: true });
  };

  const secretLabel =
    secretField === 'value'
      ? t(type === 'pin' ? 'credentials.pin' : 'credentials.password')
      : secretField === 'public_key'
        ? t('credentials.publicKey')
        : t('credentials.certificate');

  return (
    <FormDialog
      dialog={ADD_CREDENTIAL_DIALOG}
      title={t('credentials.addTitle')}
      onSubmit={submit}
      submitLabel={t('credentials.create')}
      busy={formState.isSubmitting}
      onOpen={() => {
        reset(emptyCredentialForm);
        setServerError(null);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {choices.length === 0 && <Alert severity="info">{t('credentials.noneAllowed')}</Alert>}
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <Controller
          control={control}
          name="type"
          rules={{ required }}
          render={({ field, fieldState }) => (
            <TextField
              select
              autoFocus
              label={t('credentials.type')}
              size="small"
              fullWidth
              required
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value as CredentialType);
                setValue('secret', '');
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {choices.map((c) => (
                <MenuItem key={c.type} value={c.type} disabled={c.disabled}>
                  {c.reason === 'present'
                    ? t('credentials.alreadyPresent', { type: t(`credentials.types.${c.type}`) })
                    : c.reason === 'cms'
                      ? t('credentials.notIssued', { type: t(`credentials.types.${c.type}`) })
                      : t(`credentials.types.${c.type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {secretField && (
          <Box>
            <TextField
              {...register('secret', { validate: (v) => (v.trim() ? true : required) })}
              label={secretLabel}
              type={secretField === 'value' ? 'password' : 'text'}
              autoComplete="new-password"
              multiline={secretField !== 'value'}
              minRows={secretField !== 'value' ? 4 : undefined}
              size="small"
              fullWidth
              required
              error={Boolean(formState.errors.secret)}
              helperText={formState.errors.secret?.message}
              slotProps={{
                htmlInput: secretField !== 'value' ? { spellCheck: false, style: { fontFamily: 'monospace' } } : {},
              }}
            />
            {secretField === 'certificate' && (
              <Button component="label" size="small" startIcon={<UploadFileIcon />} sx={{ mt: 1 }}>
                {t('credentials.uploadCertificate')}
                <input
                  hidden
                  type="file"
                  accept=".pem,.crt,.cer,text/plain,application/x-pem-file"
                  onChange={(e) => void readFile(e.target.files?.[0])}
                />
              </Button>
            )}
          </Box>
        )}
        <TextField {...register('description')} label={t('credentials.description')} size="small" fullWidth />
        <FormGroup row>
          {(['is_web', 'is_api', 'windows_login'] as const).map((flag) => (
            <Controller
              key={flag}
              control={control}
              name={flag}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={t(
                    flag === 'is_web'
                      ? 'credentials.isWeb'
                      : flag === 'is_api'
                        ? 'credentials.isApi'
                        : 'credentials.windowsLogin',
                  )}
                />
              )}
            />
          ))}
        </FormGroup>
      </Stack>
    </FormDialog>
  );
}
