import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';

/** Who the customer is and which language its members' pages and mails speak. */
export function GeneralCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.general.title')}>
      <FieldGroup columns={2}>
        <SettingsField name="general.address" label={t('settings.general.address')} autoFocus />
        <SettingsField
          name="general.domain"
          label={t('settings.general.domain')}
          hint={t('settings.general.domainHint')}
        />
        <SettingsField
          name="general.language"
          label={t('settings.general.language')}
          hint={t('settings.general.languageHint')}
          optionLabel={(v) => t(`common.languages.${v as 'en'}`, { defaultValue: String(v) })}
        />
      </FieldGroup>
    </SettingsCard>
  );
}
