import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField, SettingsSwitch } from '../SettingsField';

/** How members sign in at the workstations without their usual credentials: temporary cards, recovery mode. */
export function WorkstationLoginCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.workstationLogin.title')} intro={t('settings.workstationLogin.intro')}>
      <FieldGroup columns={2}>
        <SettingsField
          name="cms.card_code_length"
          label={t('settings.cms.cardCodeLength')}
          hint={t('settings.cms.cardCodeLengthHint')}
          autoFocus
        />
      </FieldGroup>
      <SettingsSwitch
        name="cms.recovery_disable_tokens"
        label={t('settings.cms.recoveryDisableTokens')}
        hint={t('settings.cms.recoveryDisableTokensHint')}
      />
    </SettingsCard>
  );
}
