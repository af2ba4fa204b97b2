/**
 * SMS through the customer's HTTP gateway: POST {to, sender, message} as JSON to
 * sms_endpoint with the bearer sms_api_token. The message is sms_message with {otp} filled.
 */

import type { CustomerSettings } from '@portiere/contracts';
import { SMS_OTP_PLACEHOLDER } from '@portiere/contracts';
import { AppError } from '../lib/errors.ts';

export async function sendSmsOtp(settings: CustomerSettings, to: string, otp: string): Promise<void> {
  const { sms_endpoint, sms_api_token, sms_sender, sms_message } = settings.general;
  if (!sms_endpoint) throw new AppError(422, 'smsNotConfigured');
  const res = await fetch(sms_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(sms_api_token ? { authorization: `Bearer ${sms_api_token}` } : {}),
    },
    body: JSON.stringify({ to, sender: sms_sender, message: sms_message.replaceAll(SMS_OTP_PLACEHOLDER, otp) }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res?.ok) throw new AppError(502, 'smsFailed');
}
