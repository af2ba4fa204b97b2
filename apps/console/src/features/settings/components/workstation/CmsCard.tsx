import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField, SettingsSwitch } from '../SettingsField';

/** The credential management system of the workstations: what it may hand out, and who may use it. */
export function CmsCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.cms.title')} intro={t('settings.cms.intro')}>
      <FieldGroup title={t('settings.cms.credentials')} columns={2}>
        <SettingsSwitch
          name="cms.smartphone"
          label={t('settings.cms.smartphone')}
          hint={t('settings.cms.smartphoneHint')}
        />
        <SettingsSwitch name="cms.token" label={t('settings.cms.token')} hint={t('settings.cms.tokenHint')} />
        <SettingsSwitch
          name="cms.temporary"
          label={t('settings.cms.temporary')}
          hint={t('settings.cms.temporaryHint')}
        />
        <SettingsSwitch name="cms.printer" label={t('settings.cms.printer')} hint={t('settings.cms.printerHint')} />
      </FieldGroup>
      <FieldGroup columns={2}>
        <SettingsField
          name="cms.active_directory_group"
          label={t('settings.cms.adGroup')}
          hint={t('settings.cms.adGroupHint')}
        />
      </FieldGroup>
    </SettingsCard>
  );
}
