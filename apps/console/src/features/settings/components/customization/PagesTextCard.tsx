import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';

/** The icons and the text of the members' sign-in page. */
export function PagesTextCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.customization.pagesTitle')}>
      <FieldGroup columns={1}>
        <SettingsField
          name="general.icons_set"
          label={t('settings.customization.iconsSet')}
          hint={t('settings.customization.iconsSetHint')}
          optionLabel={(v) => t(`settings.customization.iconsSets.${v as 'default'}`, { defaultValue: String(v) })}
        />
        <SettingsField
          name="general.login_page_text"
          label={t('settings.customization.loginPageText')}
          hint={t('settings.customization.loginPageTextHint')}
          multiline
          counter
        />
      </FieldGroup>
    </SettingsCard>
  );
}
