import {
  type MailPreview,
  type MailTemplateDraft,
  type MailTemplateName,
  type MailTestResponse,
  mailPreviewSchema,
  mailTemplateListSchema,
  mailTestResponseSchema,
} from '@portiere/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { settingsKeys } from './settingsApi';

const template = (customerId: string, name: MailTemplateName) => ({ path: { id: customerId, name } });

/** The six templates with their text, built-in default and tags (saved through the settings PATCH). */
export const mailTemplatesQuery = (customerId: string) =>
  queryOptions({
    queryKey: settingsKeys.mailTemplates(customerId),
    queryFn: () =>
      api.get('/api/v1/customers/{id}/mail-templates/', {
        params: { path: { id: customerId } },
        schema: mailTemplateListSchema,
      }),
    retry: false,
  });
export const useMailTemplates = (customerId: string) =>
  useQuery({ ...mailTemplatesQuery(customerId), enabled: Boolean(customerId) });

export interface TemplateDraft {
  name: MailTemplateName;
  draft: MailTemplateDraft;
}

/** A draft rendered with sample values: changes nothing. */
export function usePreviewMailTemplate(customerId: string, ui: MutationUi<MailPreview, TemplateDraft> = {}) {
  return useApiMutation({
    mutationFn: ({ name, draft }: TemplateDraft) =>
      api.post('/api/v1/customers/{id}/mail-templates/{name}/preview/', {
        params: template(customerId, name),
        body: draft,
        schema: mailPreviewSchema,
      }),
    ...ui,
  });
}

/** The rendered draft mailed to the signed-in operator. */
export function useSendTestMail(customerId: string, ui: MutationUi<MailTestResponse, TemplateDraft> = {}) {
  return useApiMutation({
    mutationFn: ({ name, draft }: TemplateDraft) =>
      api.post('/api/v1/customers/{id}/mail-templates/{name}/test/', {
        params: template(customerId, name),
        body: draft,
        schema: mailTestResponseSchema,
      }),
    ...ui,
  });
}
