import { Alert, Stack, TextField } from '@mui/material';
import { type Credential, type CredentialTestResult, fieldError } from '@portiere/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { testCredential } from '../api/credentialsApi';
import { credentialErrorMessage } from '../lib/credentialError';

export const TEST_CREDENTIAL_DIALOG = 'testCredential';

/** Tries a code, password or PIN against a credential and tells Accepted / Refused / locked. */
export function TestCredentialDialog({ memberId, credential }: { memberId: string; credential: Credential | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CredentialTestResult | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!credential) return;
    if (!value) {
      setError(fieldErrorMessage(t, fieldError('required')));
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      setResult(await testCredential(memberId, credential.id, value));
      setError(null);
    } catch (err) {
      setError(credentialErrorMessage(t, err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['members', 'detail', memberId, 'credentials'] });
    }
  };

  return (
    <FormDialog
      name={TEST_CREDENTIAL_DIALOG}
      title={t('credentials.testTitle', { type: credential ? t(`credentials.types.${credential.type}`) : '' })}
      onSubmit={submit}
      submitLabel={t('credentials.test')}
      busy={busy}
      onOpen={() => {
        setValue('');
        setError(null);
        setResult(null);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('credentials.testValue')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          autoFocus
          required
          autoComplete="off"
          size="small"
          fullWidth
          type={credential?.type === 'password' || credential?.type === 'pin' ? 'password' : 'text'}
          error={Boolean(error)}
          helperText={error}
        />
        {result && (
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
