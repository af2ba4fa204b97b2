import { Alert, Stack } from '@mui/material';
import { type Credential, type CredentialTestResult, credentialTestSchema } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useTestCredential } from '../api/credentialsApi';

/** Opens with the credential to try. */
export const TEST_CREDENTIAL_DIALOG = dialogName<Credential>('testCredential');

/** Tries a code, password or PIN against a credential and tells Accepted / Refused / locked. */
export function TestCredentialDialog({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [credential, setCredential] = useState<Credential | null>(null);
  const [result, setResult] = useState<CredentialTestResult | null>(null);
  const { control, handleSubmit, reset, setError } = useContractForm<{ value: string }, { value: string }>({
    schema: credentialTestSchema,
    defaultValues: { value: '' },
  });
  // The dialog shows the outcome itself, a refusal included.
  const test = useTestCredential(memberId, {
    notify: false,
    onSuccess: setResult,
    onError: (_err, message) => setError('value', { type: 'server', message }),
  });

  const submit = handleSubmit(async ({ value }) => {
    if (!credential) return;
    setResult(null);
    await test.run({ credential, value });
  });

  return (
    <FormDialog
      dialog={TEST_CREDENTIAL_DIALOG}
      title={t('credentials.testTitle', { type: credential ? t(`credentials.types.${credential.type}`) : '' })}
      onSubmit={submit}
      submitLabel={t('credentials.test')}
      busy={test.isPending}
      onOpen={(c) => {
        setCredential(c);
        reset({ value: '' });
        setResult(null);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="value"
          label={t('credentials.testValue')}
          autoFocus
          required
          autoComplete="off"
          size="small"
          fullWidth
          type={credential?.type === 'password' || credential?.type === 'pin' ? 'password' : 'text'}
        />
        {/* Shown once the request has settled: the mutation's onSuccess runs while it still counts as
            pending, and an Enter pressed then would be ignored as a double submit. */}
        {result && !test.isPending && (
          <Alert severity={result.ok ? 'success' : 'error'} data-testid="test-result">
            {result.ok ? t('credentials.accepted') : t('credentials.refused')}
            {result.locked && ` ${t('credentials.lockedResult')}`}
            {!result.ok && !result.locked && result.attempts_left !== null
              ? ` ${t('credentials.attemptsLeft', { count: result.attempts_left })}`
              : ''}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
