import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField, SettingsSwitch } from '../SettingsField';
import { WorkstationFlowField } from './WorkstationFlowField';

/**
 * How members sign in at the workstations: the flow they walk, what a machine may carry to let
 * them in offline, and the ways in without their usual credentials (temporary cards, recovery mode).
 */
export function WorkstationLoginCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.workstationLogin.title')} intro={t('settings.workstationLogin.intro')}>
      <WorkstationFlowField />
      <FieldGroup columns={3}>
        <SettingsField
          name="workstation.offline_days"
          label={t('settings.workstationLogin.offlineDays')}
          hint={t('settings.workstationLogin.offlineDaysHint')}
        />
        <SettingsField
          name="workstation.offline_hotp_values"
          label={t('settings.workstationLogin.offlineHotpValues')}
          hint={t('settings.workstationLogin.offlineHotpValuesHint')}
        />
        <SettingsField
          name="workstation.offline_totp_hours"
          label={t('settings.workstationLogin.offlineTotpHours')}
          hint={t('settings.workstationLogin.offlineTotpHoursHint')}
        />
      </FieldGroup>
      <FieldGroup columns={2}>
        <SettingsField
          name="cms.card_code_length"
          label={t('settings.cms.cardCodeLength')}
          hint={t('settings.cms.cardCodeLengthHint')}
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
