import { useTranslation } from 'react-i18next';
import { SettingsCard } from '../SettingsCard';
import { SettingsSwitch } from '../SettingsField';

const FIELDS = [
  ['user_create_credential', 'userCreateCredential'],
  ['user_change_password', 'userChangePassword'],
  ['force_password_generation', 'forcePasswordGeneration'],
  ['autologon', 'autologon'],
] as const;

/** What the login assistant lets members and staff do. */
export function LaSettingsCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.la.title')}>
      {FIELDS.map(([field, key]) => (
        <SettingsSwitch
          key={field}
          name={`la.${field}`}
          label={t(`settings.la.${key}`)}
          hint={t(`settings.la.${key}Hint`)}
        />
      ))}
    </SettingsCard>
  );
}
