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
import { customerPath, settingsKeys } from './settingsApi';

const templatePath = (customerId: string, name: MailTemplateName, action: 'preview' | 'test') =>
  customerPath(customerId, `mail-templates/${encodeURIComponent(name)}/${action}/`);

/** The six templates with their text, built-in default and tags (saved through the settings PATCH). */
export const mailTemplatesQuery = (customerId: string) =>
  queryOptions({
    queryKey: settingsKeys.mailTemplates(customerId),
    queryFn: () => api.get(customerPath(customerId, 'mail-templates/'), { schema: mailTemplateListSchema }),
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
      api.post(templatePath(customerId, name, 'preview'), draft, { schema: mailPreviewSchema }),
    ...ui,
  });
}

/** The rendered draft mailed to the signed-in operator. */
export function useSendTestMail(customerId: string, ui: MutationUi<MailTestResponse, TemplateDraft> = {}) {
  return useApiMutation({
    mutationFn: ({ name, draft }: TemplateDraft) =>
      api.post(templatePath(customerId, name, 'test'), draft, { schema: mailTestResponseSchema }),
    ...ui,
  });
}
