import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';

/** How members identify themselves when they authenticate: what the sign-in asks them for. */
export function UserAuthenticationCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.userAuth.title')} intro={t('settings.userAuth.intro')}>
      <FieldGroup columns={2}>
        <SettingsField
          name="general.username_text"
          label={t('settings.userAuth.usernameText')}
          hint={t('settings.userAuth.usernameTextHint')}
          optionLabel={(v) => t(`settings.userAuth.usernameTexts.${v as 'id'}`, { defaultValue: String(v) })}
        />
      </FieldGroup>
    </SettingsCard>
  );
}
