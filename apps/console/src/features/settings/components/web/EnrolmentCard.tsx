import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField, SettingsSwitch } from '../SettingsField';

/** The members' self-enrolment: what they may enrol themselves, and where they go once done. */
export function EnrolmentCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.enroller.title')} intro={t('settings.enroller.intro')}>
      <FieldGroup title={t('settings.enroller.allowed')} columns={1}>
        <SettingsSwitch
          name="enroller.smartphone"
          label={t('settings.enroller.smartphone')}
          hint={t('settings.enroller.smartphoneHint')}
        />
        <SettingsSwitch
          name="enroller.token"
          label={t('settings.enroller.token')}
          hint={t('settings.enroller.tokenHint')}
        />
        <SettingsSwitch
          name="enroller.personal"
          label={t('settings.enroller.personal')}
          hint={t('settings.enroller.personalHint')}
        />
      </FieldGroup>
      <FieldGroup columns={1}>
        <SettingsField
          name="sca.callback_url_successful_enroll"
          label={t('settings.enroller.callbackUrl')}
          hint={t('settings.enroller.callbackUrlHint')}
          type="url"
        />
      </FieldGroup>
    </SettingsCard>
  );
}
