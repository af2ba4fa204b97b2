import { useTranslation } from 'react-i18next';
import { readableDuration } from '../../lib/durations';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField, SettingsSwitch } from '../SettingsField';

/** Web login settings: how long the web login's tokens last, and single sign-on between the customer's applications. */
export function WebLoginCard() {
  const { t } = useTranslation();
  const readable = (value: unknown) => {
    const text = readableDuration(value, {
      d: t('settings.units.d'),
      h: t('settings.units.h'),
      min: t('settings.units.min'),
      s: t('settings.units.s'),
    });
    return text ? t('settings.tokens.durationIs', { duration: text }) : undefined;
  };
  return (
    <SettingsCard title={t('settings.tokens.title')} intro={t('settings.tokens.intro')}>
      <FieldGroup columns={2}>
        <SettingsField
          name="general.id_token_duration"
          label={t('settings.tokens.idTokenDuration')}
          hint={readable}
          autoFocus
        />
        <SettingsField
          name="general.oidc_refresh_token_duration"
          label={t('settings.tokens.refreshTokenDuration')}
          hint={readable}
        />
      </FieldGroup>
      <SettingsSwitch
        name="general.enable_sso"
        label={t('settings.tokens.enableSso')}
        hint={t('settings.tokens.enableSsoHint')}
      />
    </SettingsCard>
  );
}
