/** A customer's settings as stored, with the defaults filled in. */
import { type CustomerSettings, deepMerge, defaultSettings } from '@portiere/contracts';

export function effectiveSettings(stored: unknown, smsTokenSet = false): CustomerSettings {
  const settings = deepMerge(defaultSettings(), stored ?? {});
  settings.general.sms_api_token_set = smsTokenSet;
  return settings;
}
