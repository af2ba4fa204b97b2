import type { CustomerSettings, SettingsPatch, Validator } from '@portiere/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface SettingsAnswer {
  settings: CustomerSettings;
  validators: Record<string, Validator>;
}

export const settingsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['customers', customerId, 'settings'],
    queryFn: () => api.get<SettingsAnswer>(`customers/${encodeURIComponent(customerId)}/settings/`),
    // A failed load shows one message; retrying would only delay it.
    retry: false,
  });

export const patchSettings = (customerId: string, patch: SettingsPatch) =>
  api.patch<SettingsAnswer>(`customers/${encodeURIComponent(customerId)}/settings/`, patch);
