import { Box, Button, FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import type { CustomerSettings } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { useSaveSettings, useSettings } from '../api/settingsApi';
import { LaSetupCard } from '../components/LaSetupCard';
import { SettingsCard } from '../components/SettingsCard';

type LaSettings = CustomerSettings['la'];
const FIELDS = [
  {
    key: 'user_create_credential',
    label: 'settings.la.userCreateCredential',
    hint: 'settings.la.userCreateCredentialHint',
  },
  { key: 'user_change_password', label: 'settings.la.userChangePassword', hint: 'settings.la.userChangePasswordHint' },
  {
    key: 'force_password_generation',
    label: 'settings.la.forcePasswordGeneration',
    hint: 'settings.la.forcePasswordGenerationHint',
  },
  { key: 'autologon', label: 'settings.la.autologon', hint: 'settings.la.autologonHint' },
] as const;

function LaSettingsForm({ customerId, saved }: { customerId: string; saved: LaSettings }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LaSettings>(saved);
  const save = useSaveSettings(customerId, {
    success: (t) => t('success.savedSettings'),
    message: (t) => t('error.savingSettings'),
    onSuccess: (answer) => setValues(answer.settings.la),
  });
  const changed = FIELDS.some((f) => values[f.key] !== saved[f.key]);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Only the la section: the other sections stay as they are.
        if (changed) void save.run({ la: values });
      }}
    >
      <SettingsCard title={t('settings.la.title')}>
        {FIELDS.map((f) => (
          <Box key={f.key}>
            <FormControlLabel
              control={
                <Switch
                  checked={values[f.key]}
                  onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.checked }))}
                  slotProps={{ input: { 'aria-describedby': `la-${f.key}-hint` } }}
                />
              }
              label={t(f.label)}
            />
            <FormHelperText id={`la-${f.key}-hint`} sx={{ ml: 6, mt: 0 }}>
              {t(f.hint)}
            </FormHelperText>
          </Box>
        ))}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={!changed || save.isPending}>
            {t('settings.save')}
          </Button>
        </Stack>
      </SettingsCard>
    </Box>
  );
}

/** The login assistant's settings (the la section only) and what an installer needs to set it up. */
export default function LaSettingsPage() {
  const customerId = useClaims()?.customer_id ?? '';
  const query = useSettings(customerId);
  const failure = loadFailure(query);
  if (failure) return <LoadError failure={failure} message={(t) => t('error.genericApiFail')} />;
  if (!query.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <Spinner />
      </Box>
    );
  }
  return (
    <Stack spacing={3}>
      <LaSettingsForm customerId={customerId} saved={query.data.settings.la} />
      <LaSetupCard customerId={customerId} />
    </Stack>
  );
}
