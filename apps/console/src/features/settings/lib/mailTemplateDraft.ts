import {
  type FieldError,
  fieldError,
  type MailTemplate,
  type MailTemplateInfo,
  missingTemplateTag,
  unknownTemplateTags,
} from '@portiere/contracts';
import { checkAgainstValidator, type Validators } from './settingsForm';

export type DraftField = keyof MailTemplate;
export const DRAFT_FIELDS: readonly DraftField[] = ['subject', 'content'];

/** What the editor starts from: the customer's own text, else the built-in one it can change. */
export function baselineOf(item: MailTemplateInfo): MailTemplate {
  return item.customised ? { subject: item.subject, content: item.content } : item.default;
}

export const sameDraft = (a: MailTemplate, b: MailTemplate) => a.subject === b.subject && a.content === b.content;

/**
 * What a save stores: the built-in text unchanged is stored as "use the built-in" (empty), so
 * it keeps following the customer's language; anything else as written.
 */
export function storedTemplate(item: MailTemplateInfo, draft: MailTemplate): MailTemplate {
  return sameDraft(draft, item.default) ? { subject: '', content: '' } : draft;
}

/** The checks before a save, preview or test: the limits the server sent, unknown and mandatory tags. */
export function draftErrors(
  item: MailTemplateInfo,
  draft: MailTemplate,
  validators: Validators,
): Partial<Record<DraftField, FieldError>> {
  const errors: Partial<Record<DraftField, FieldError>> = {};
  const unknown = unknownTemplateTags(item.name, draft);
  for (const field of DRAFT_FIELDS) {
    const validator = validators[`general.mail_template.${field}`];
    const error = (validator ? checkAgainstValidator(validator, draft[field]) : null) ?? unknown[field];
    if (error) errors[field] = error;
  }
  const tag = missingTemplateTag(item.name, draft);
  if (tag && !errors.content) errors.content = fieldError('mandatoryTag', { tag });
  return errors;
}
