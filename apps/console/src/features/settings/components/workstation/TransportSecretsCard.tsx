import { defaultSettings } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';

/** The default's placeholder for a random value per card, as the contract's defaults write it. */
const RANDOM_SECRET = defaultSettings().cms.transport_pin.default;

/** The PIN and PUK a new smartcard is delivered with, before its holder sets their own. */
export function TransportSecretsCard() {
  const { t } = useTranslation();
  const hint = t('settings.transport.defaultHint', { placeholder: RANDOM_SECRET });
  return (
    <SettingsCard title={t('settings.transport.title')} intro={t('settings.transport.intro')}>
      <FieldGroup title={t('settings.transport.pin')} columns={2}>
        <SettingsField name="cms.transport_pin.length" label={t('settings.transport.length')} />
        <SettingsField name="cms.transport_pin.default" label={t('settings.transport.default')} hint={hint} />
      </FieldGroup>
      <FieldGroup title={t('settings.transport.puk')} columns={2}>
        <SettingsField name="cms.transport_puk.length" label={t('settings.transport.length')} />
        <SettingsField name="cms.transport_puk.default" label={t('settings.transport.default')} hint={hint} />
      </FieldGroup>
    </SettingsCard>
  );
}
