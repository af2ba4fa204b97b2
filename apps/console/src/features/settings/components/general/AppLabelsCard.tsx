import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';

/** The names of the two sections of the members' app. */
export function AppLabelsCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.labels.title')} intro={t('settings.labels.intro')}>
      <FieldGroup columns={2}>
        <SettingsField name="general.mobile_mfa_section_label" label={t('settings.labels.web')} />
        <SettingsField name="general.mobile_workforce_section_label" label={t('settings.labels.workstation')} />
      </FieldGroup>
    </SettingsCard>
  );
}
