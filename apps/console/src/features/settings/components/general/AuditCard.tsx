import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';

export function AuditCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.audit.title')}>
      <FieldGroup columns={2}>
        <SettingsField
          name="general.audit_retention_days"
          label={t('settings.audit.retentionDays')}
          hint={t('settings.audit.retentionHint')}
        />
      </FieldGroup>
    </SettingsCard>
  );
}
