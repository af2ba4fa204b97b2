import type { Validator } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from './SettingsCard';
import { SettingsField } from './SettingsField';
import { boundsOf, choicesOf } from './settingsForm';

/** PIN, TOTP and HOTP policies; every bound comes from the server's validators. */
export function ScaCard({ validators }: { validators: Record<string, Validator> }) {
  const { t } = useTranslation();
  const choices = (path: string) => choicesOf(validators, path).map((v) => ({ value: v, label: String(v) }));
  const num = (path: string) => ({ number: true, bounds: boundsOf(validators, path) });
  const hotpLengths = choices('sca.hotp_credential.length');
  return (
    <SettingsCard title={t('settings.sca.title')}>
      <FieldGroup title={t('settings.sca.pin')}>
        <SettingsField
          name="sca.pin_credential.min_length"
          label={t('settings.sca.pinMinLength')}
          {...num('sca.pin_credential.min_length')}
        />
        <SettingsField
          name="sca.pin_credential.max_length"
          label={t('settings.sca.pinMaxLength')}
          {...num('sca.pin_credential.max_length')}
        />
        <SettingsField
          name="sca.pin_credential.max_attempts"
          label={t('settings.sca.pinMaxAttempts')}
          {...num('sca.pin_credential.max_attempts')}
        />
      </FieldGroup>
      <FieldGroup title={t('settings.sca.totp')}>
        <SettingsField
          name="sca.totp_credential.time_step"
          label={t('settings.sca.totpTimeStep')}
          {...num('sca.totp_credential.time_step')}
        />
        <SettingsField
          name="sca.totp_credential.length"
          label={t('settings.sca.totpLength')}
          {...num('sca.totp_credential.length')}
        />
        <SettingsField
          name="sca.totp_credential.algorithm"
          label={t('settings.sca.algorithm')}
          options={choices('sca.totp_credential.algorithm')}
        />
      </FieldGroup>
      <FieldGroup title={t('settings.sca.hotp')}>
        <SettingsField
          name="sca.hotp_credential.window"
          label={t('settings.sca.hotpWindow')}
          {...num('sca.hotp_credential.window')}
        />
        {hotpLengths.length > 0 ? (
          <SettingsField name="sca.hotp_credential.length" label={t('settings.sca.hotpLength')} options={hotpLengths} />
        ) : (
          <SettingsField
            name="sca.hotp_credential.length"
            label={t('settings.sca.hotpLength')}
            {...num('sca.hotp_credential.length')}
          />
        )}
        <SettingsField
          name="sca.hotp_credential.algorithm"
          label={t('settings.sca.algorithm')}
          options={choices('sca.hotp_credential.algorithm')}
        />
        <SettingsField
          name="sca.hotp_credential.max_attempts"
          label={t('settings.sca.hotpMaxAttempts')}
          {...num('sca.hotp_credential.max_attempts')}
        />
      </FieldGroup>
    </SettingsCard>
  );
}
