/**
 * SMS through the customer's HTTP gateway: POST {to, sender, message} as JSON to
 * sms_endpoint with the customer's (sealed) API token as bearer. The message is sms_message
 * with {otp} filled. A gateway that is unreachable or refuses is the customer's configuration
 * problem, answered 422 like a missing one.
 */

import type { CustomerSettings } from '@portiere/contracts';
import { SMS_OTP_PLACEHOLDER } from '@portiere/contracts';
import { AppError } from '../lib/errors.ts';

export async function sendSmsOtp(settings: CustomerSettings, apiToken: string, to: string, otp: string): Promise<void> {
  const { sms_endpoint, sms_sender, sms_message } = settings.general;
  if (!sms_endpoint) throw new AppError(422, 'smsNotConfigured');
  const res = await fetch(sms_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(apiToken ? { authorization: `Bearer ${apiToken}` } : {}),
    },
    body: JSON.stringify({ to, sender: sms_sender, message: sms_message.replaceAll(SMS_OTP_PLACEHOLDER, otp) }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res?.ok) throw new AppError(422, 'smsFailed');
}
