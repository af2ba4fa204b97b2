import type { Validator } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from './SettingsCard';
import { SettingsField, SettingsSwitch } from './SettingsField';
import { boundsOf } from './settingsForm';

export function CmsCard({ validators }: { validators: Record<string, Validator> }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.cms.title')}>
      <FieldGroup>
        <SettingsField
          name="cms.card_code_length"
          label={t('settings.cms.cardCodeLength')}
          number
          bounds={boundsOf(validators, 'cms.card_code_length')}
        />
        <SettingsSwitch name="cms.recovery_disable_tokens" label={t('settings.cms.recoveryDisableTokens')} />
      </FieldGroup>
    </SettingsCard>
  );
}
