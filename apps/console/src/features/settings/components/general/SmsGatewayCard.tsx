import { SMS_OTP_PLACEHOLDER } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { SettingsField } from '../SettingsField';
import { SmsTokenField } from './SmsTokenField';

/** SMS customisation: the customer's SMS gateway (where SMS codes go out), the sender and the message members receive. */
export function SmsGatewayCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.sms.title')} intro={t('settings.sms.intro')}>
      <FieldGroup columns={2}>
        <SettingsField
          name="general.sms_endpoint"
          label={t('settings.sms.endpoint')}
          hint={t('settings.sms.endpointHint')}
          type="url"
        />
        <SmsTokenField />
        <SettingsField name="general.sms_sender" label={t('settings.sms.sender')} hint={t('settings.sms.senderHint')} />
        <SettingsField
          name="general.sms_message"
          label={t('settings.sms.message')}
          hint={t('settings.sms.messageHint', { placeholder: SMS_OTP_PLACEHOLDER })}
          counter
        />
      </FieldGroup>
    </SettingsCard>
  );
}
