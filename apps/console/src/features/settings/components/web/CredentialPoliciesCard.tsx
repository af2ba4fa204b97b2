import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';

/** PIN, TOTP and HOTP policies; every bound and choice comes from the server's validators. */
export function CredentialPoliciesCard() {
  const { t } = useTranslation();
  const algorithm = (v: string | number) => String(v);
  return (
    <SettingsCard title={t('settings.sca.title')}>
      <FieldGroup title={t('settings.sca.pin')}>
        <SettingsField name="sca.pin_credential.min_length" label={t('settings.sca.pinMinLength')} />
        <SettingsField name="sca.pin_credential.max_length" label={t('settings.sca.pinMaxLength')} />
        <SettingsField name="sca.pin_credential.max_attempts" label={t('settings.sca.pinMaxAttempts')} />
      </FieldGroup>
      <FieldGroup title={t('settings.sca.totp')}>
        <SettingsField
          name="sca.totp_credential.time_step"
          label={t('settings.sca.totpTimeStep')}
          hint={t('settings.sca.totpTimeStepHint')}
        />
        <SettingsField name="sca.totp_credential.length" label={t('settings.sca.totpLength')} />
        <SettingsField
          name="sca.totp_credential.algorithm"
          label={t('settings.sca.algorithm')}
          optionLabel={algorithm}
        />
      </FieldGroup>
      <FieldGroup title={t('settings.sca.hotp')}>
        <SettingsField
          name="sca.hotp_credential.window"
          label={t('settings.sca.hotpWindow')}
          hint={t('settings.sca.hotpWindowHint')}
        />
        <SettingsField name="sca.hotp_credential.length" label={t('settings.sca.hotpLength')} />
        <SettingsField
          name="sca.hotp_credential.algorithm"
          label={t('settings.sca.algorithm')}
          optionLabel={algorithm}
        />
        <SettingsField name="sca.hotp_credential.max_attempts" label={t('settings.sca.hotpMaxAttempts')} />
      </FieldGroup>
    </SettingsCard>
  );
}
