import {
  flowSchema,
  type LogoKind,
  type LogoUploadResponse,
  logoUploadResponseSchema,
  pagedListSchema,
  type SettingsPatch,
  settingsResponseSchema,
} from '@portiere/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type FormOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** The settings answer: settings and the validators (bounds, choices and lengths per field). */
export type SettingsAnswer = z.infer<typeof settingsResponseSchema>;

/** Query keys of the settings area: the settings and the mail templates, per customer. */
export const settingsKeys = {
  ...areaKeys('settings'),
  mailTemplates: (customerId: string) => ['settings', 'mailTemplates', customerId] as const,
  flowChoices: () => ['settings', 'flowChoices'] as const,
};

/** A customer's flows are few: one page of them holds the choices. */
const FLOW_CHOICES = 100;

/** The customer's flows, to pick the workstation flow from (refreshed when flows change). */
export const useFlowChoices = () =>
  useQuery({
    queryKey: settingsKeys.flowChoices(),
    queryFn: async () =>
      (
        await api.get('/api/v1/flows/', {
          params: { query: { page_size: FLOW_CHOICES } },
          schema: pagedListSchema(flowSchema),
        })
      ).results,
  });

const customer = (customerId: string) => ({ path: { id: customerId } });

export const settingsQuery = (customerId: string) =>
  queryOptions({
    queryKey: settingsKeys.detail(customerId),
    queryFn: () =>
      api.get('/api/v1/customers/{id}/settings/', { params: customer(customerId), schema: settingsResponseSchema }),
    // A failed load shows one message; retrying would only delay it.
    retry: false,
  });
export const useSettings = (customerId: string) =>
  useQuery({ ...settingsQuery(customerId), enabled: Boolean(customerId) });

/**
 * The answer is the saved settings: it replaces the cached ones. The mail templates list is
 * made from the settings too, so it is refreshed.
 */
export function useSaveSettings(customerId: string, ui: MutationUi<SettingsAnswer, SettingsPatch> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (patch: SettingsPatch) =>
      api.patch('/api/v1/customers/{id}/settings/', {
        params: customer(customerId),
        body: patch,
        schema: settingsResponseSchema,
      }),
    ...ui,
    onSuccess: async (saved, patch) => {
      queryClient.setQueryData(settingsQuery(customerId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.mailTemplates(customerId) });
      return ui.onSuccess?.(saved, patch);
    },
  });
}

export type LogoFiles = Partial<Record<LogoKind, File>>;

/**
 * `POST customers/{id}/logo/upload/` as multipart (the client sets no JSON content type for
 * FormData, so the browser writes the boundary). The new URLs land in the settings.
 */
export function useUploadLogos(customerId: string, ui: MutationUi<LogoUploadResponse, LogoFiles> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (files: LogoFiles) => {
      const form: FormOf<'/api/v1/customers/{id}/logo/upload/'> = {};
      for (const [kind, file] of Object.entries(files)) if (file) form[kind as LogoKind] = file;
      return api.upload('/api/v1/customers/{id}/logo/upload/', {
        params: customer(customerId),
        form,
        schema: logoUploadResponseSchema,
      });
    },
    ...ui,
    onSuccess: (urls, files) => {
      queryClient.setQueryData(settingsQuery(customerId).queryKey, (answer) =>
        answer
          ? { ...answer, settings: { ...answer.settings, general: { ...answer.settings.general, ...urls } } }
          : answer,
      );
      return ui.onSuccess?.(urls, files);
    },
  });
}
