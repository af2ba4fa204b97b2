import { type SettingsPatch, settingsResponseSchema } from '@portiere/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** The settings answer: settings and the validators (bounds and choices per field). */
export type SettingsAnswer = z.infer<typeof settingsResponseSchema>;

/** Query keys of the settings area: one entry per customer. */
export const settingsKeys = areaKeys('settings');

const path = (customerId: string) => `customers/${encodeURIComponent(customerId)}/settings/`;

export const settingsQuery = (customerId: string) =>
  queryOptions({
    queryKey: settingsKeys.detail(customerId),
    queryFn: () => api.get(path(customerId), { schema: settingsResponseSchema }),
    // A failed load shows one message; retrying would only delay it.
    retry: false,
  });
export const useSettings = (customerId: string) =>
  useQuery({ ...settingsQuery(customerId), enabled: Boolean(customerId) });

/** The answer is the saved settings: it replaces the cached ones, no refetch needed. */
export function useSaveSettings(customerId: string, ui: MutationUi<SettingsAnswer, SettingsPatch> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (patch: SettingsPatch) => api.patch(path(customerId), patch, { schema: settingsResponseSchema }),
    ...ui,
    onSuccess: (saved, patch) => {
      queryClient.setQueryData(settingsQuery(customerId).queryKey, saved);
      return ui.onSuccess?.(saved, patch);
    },
  });
}
