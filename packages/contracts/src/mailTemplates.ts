/**
 * Mail templates (spec section 3): six per customer, stored in `general` of the settings and
 * saved through the settings PATCH; an empty subject and content mean "the built-in text in the
 * customer's language". Their tags (`{tag}`) are in MAIL_TEMPLATES (settings.ts): where the spec
 * leaves the mapping open, each template's mandatory tag is the one its purpose needs
 * (recovery_mode: recovery_code, send_pin: pin, send_otp: otp, send_enrollment_link:
 * enrollment_link, send_qrcode: confirmation_code, token_reset_pin: auth_code).
 *
 * Calls (customer users only, scoped to their customer):
 * - `GET customers/{id}/mail-templates/`: the six with their text, built-in default and tags;
 * - `POST customers/{id}/mail-templates/{name}/preview/`: renders a draft with sample values;
 * - `POST customers/{id}/mail-templates/{name}/test/`: mails the rendered draft to the signed-in
 *   operator.
 */
import { z } from 'zod';
import { MAIL_TEMPLATE_NAMES, type MailTemplateName, mailTemplateSchema, SETTINGS_LANGUAGES } from './settings.ts';

export const mailTemplateNameSchema = z.enum(MAIL_TEMPLATE_NAMES as [MailTemplateName, ...MailTemplateName[]]);

/** Values the preview and the test mail put in place of each tag. */
export const SAMPLE_TAG_VALUES: Record<string, string> = {
  username: 'jane.doe@example.com',
  first_name: 'Jane',
  last_name: 'Doe',
  extra_info: '{"department": "Sales"}',
  domain: 'example.com',
  recovery_code: '48213957',
  pin: '7391',
  otp: '604112',
  enrollment_link: 'https://portiere.example.com/enroll/sample-link',
  auth_code: '93027165',
  confirmation_code: '551 208 904',
  duration: '72 hours',
  qrcode_url: 'https://portiere.example.com/qr/sample.png',
};

export const mailTemplateInfoSchema = z.object({
  name: mailTemplateNameSchema,
  /** The customer's own text; both empty when the built-in one is used. */
  subject: z.string(),
  content: z.string(),
  customised: z.boolean(),
  /** The built-in text in the customer's language, what "Reset to default" goes back to. */
  default: mailTemplateSchema,
  mandatory: z.array(z.string()),
  optional: z.array(z.string()),
});
export type MailTemplateInfo = z.infer<typeof mailTemplateInfoSchema>;

export const mailTemplateListSchema = z.object({
  language: z.enum(SETTINGS_LANGUAGES),
  items: z.array(mailTemplateInfoSchema),
});
export type MailTemplateList = z.infer<typeof mailTemplateListSchema>;

/** A draft to preview or test; an empty one stands for the built-in text. */
export const mailTemplateDraftSchema = mailTemplateSchema;
export type MailTemplateDraft = z.infer<typeof mailTemplateDraftSchema>;

export const mailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;

export const mailTestResponseSchema = z.object({ sent_to: z.string() });
export type MailTestResponse = z.infer<typeof mailTestResponseSchema>;
