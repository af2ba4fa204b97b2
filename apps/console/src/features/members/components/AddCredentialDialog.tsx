import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, MenuItem, Stack, TextField } from '@mui/material';
import { type Credential, type CredentialType, fieldError } from '@portiere/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { feedback } from '../../../components/feedback/feedbackStore';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { type CredentialCreated, createCredential } from '../api/credentialsApi';
import { credentialErrorMessage } from '../lib/credentialError';
import {
  type CredentialFormValues,
  credentialChoices,
  credentialInputOf,
  emptyCredentialForm,
  secretFieldOf,
} from '../lib/credentialKinds';

export const ADD_CREDENTIAL_DIALOG = 'addCredential';

interface Props {
  memberId: string;
  allowed: readonly string[];
  existing: readonly Credential[];
  onCreated: (created: CredentialCreated) => void;
}

/** New credential: only the kinds the member's configuration allows, with the fields each kind needs. */
export function AddCredentialDialog({ memberId, allowed, existing, onCreated }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices = credentialChoices(allowed, existing);
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, register, handleSubmit, reset, watch, setValue, formState } = useForm<CredentialFormValues>({
    defaultValues: emptyCredentialForm,
  });
  const type = watch('type');
  const secretField = secretFieldOf(type);
  const required = fieldErrorMessage(t, fieldError('required'));

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const created = await createCredential(memberId, credentialInputOf(values));
      await queryClient.invalidateQueries({ queryKey: ['members'] });
      feedback.push({ type: 'success', message: t('success.credentialCreated') });
      dialogs.close(ADD_CREDENTIAL_DIALOG);
      onCreated(created);
    } catch (err) {
      const message = credentialErrorMessage(t, err);
      setServerError(message);
      feedback.push({ type: 'error', message });
    }
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
      name={ADD_CREDENTIAL_DIALOG}
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
                  {c.disabled
                    ? t('credentials.alreadyPresent', { type: t(`credentials.types.${c.type}`) })
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
