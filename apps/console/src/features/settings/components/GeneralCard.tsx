import type { Validator } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from './SettingsCard';
import { SettingsField, SettingsSwitch } from './SettingsField';
import { boundsOf, choicesOf } from './settingsForm';

const COLORS = [
  ['general.primary_color', 'primaryColor'],
  ['general.secondary_color', 'secondaryColor'],
  ['general.warning_color', 'warningColor'],
  ['general.error_color', 'errorColor'],
  ['general.background_color', 'backgroundColor'],
  ['general.header_color', 'headerColor'],
] as const;

export function GeneralCard({ validators }: { validators: Record<string, Validator> }) {
  const { t } = useTranslation();
  const options = (path: string, labelKey: string) =>
    choicesOf(validators, path).map((v) => ({ value: v, label: t(`${labelKey}.${v}`, { defaultValue: String(v) }) }));
  return (
    <SettingsCard title={t('settings.general.title')}>
      <FieldGroup>
        <SettingsField name="general.address" label={t('settings.general.address')} autoFocus />
        <SettingsField name="general.domain" label={t('settings.general.domain')} />
        <SettingsField
          name="general.language"
          label={t('settings.general.language')}
          options={options('general.language', 'settings.general.languages')}
        />
        <SettingsField
          name="general.username_text"
          label={t('settings.general.usernameText')}
          options={options('general.username_text', 'settings.general.usernameTexts')}
        />
      </FieldGroup>
      <FieldGroup title={t('settings.general.smsTitle')}>
        <SettingsField name="general.sms_sender" label={t('settings.general.smsSender')} />
        <SettingsField name="general.sms_message" label={t('settings.general.smsMessage')} />
      </FieldGroup>
      <FieldGroup title={t('settings.general.colorsTitle')}>
        {COLORS.map(([name, key]) => (
          <SettingsField key={name} name={name} label={t(`settings.general.${key}`)} color />
        ))}
      </FieldGroup>
      <FieldGroup title={t('settings.general.labelsTitle')}>
        <SettingsField name="general.mobile_mfa_section_label" label={t('settings.general.webLabel')} />
        <SettingsField name="general.mobile_workforce_section_label" label={t('settings.general.workstationLabel')} />
      </FieldGroup>
      <FieldGroup title={t('settings.general.tokensTitle')}>
        <SettingsField
          name="general.id_token_duration"
          label={t('settings.general.idTokenDuration')}
          number
          bounds={boundsOf(validators, 'general.id_token_duration')}
        />
        <SettingsField
          name="general.oidc_refresh_token_duration"
          label={t('settings.general.oidcRefreshTokenDuration')}
          number
          bounds={boundsOf(validators, 'general.oidc_refresh_token_duration')}
        />
        <SettingsSwitch name="general.enable_sso" label={t('settings.general.enableSso')} />
      </FieldGroup>
      <FieldGroup title={t('settings.general.auditTitle')}>
        <SettingsField
          name="general.audit_retention_days"
          label={t('settings.general.auditRetentionDays')}
          number
          bounds={boundsOf(validators, 'general.audit_retention_days')}
        />
      </FieldGroup>
    </SettingsCard>
  );
}
