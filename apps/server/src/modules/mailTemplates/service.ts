/**
 * The customer's six mail templates as the console edits them: each with its built-in text in
 * the customer's language and its tags, a preview of a draft with sample values, and a test
 * mail of a draft to the signed-in operator. The templates themselves are saved through the
 * settings (general.<name>).
 */
import {
  type CustomerSettings,
  ENROLLMENT_LINK_HOURS,
  type FieldError,
  fieldError,
  MAIL_TEMPLATE_NAMES,
  MAIL_TEMPLATES,
  type MailPreview,
  type MailTemplateDraft,
  type MailTemplateList,
  type MailTemplateName,
  type MailTestResponse,
  missingTemplateTag,
  SAMPLE_TAG_VALUES,
  unknownTemplateTags,
} from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { auditDetails } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { staffUsers } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { type Mailer, sendNow } from '../../mail/mailer.ts';
import { builtInMails, qrCodeImage } from '../../mail/member-mail.ts';
import { composeMail, type MailContent, type Tags } from '../../mail/templates.ts';
import type { SettingsService } from '../settings/service.ts';

export class MailTemplatesService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async list(customerId: string): Promise<MailTemplateList> {
    const { settings } = await this.settings.get(customerId);
    const { language } = settings.general;
    const builtIn = builtInMails(language);
    return {
      language,
      items: MAIL_TEMPLATE_NAMES.map((name) => {
        const own = settings.general[name];
        return {
          name,
          subject: own.subject,
          content: own.content,
          customised: Boolean(own.subject || own.content),
          default: builtIn.templates[name],
          mandatory: [...MAIL_TEMPLATES[name].mandatory],
          optional: [...MAIL_TEMPLATES[name].optional],
        };
      }),
    };
  }

  /** The draft as a member would receive it; images shown inline (data URLs) since there is no mail around them. */
  async preview(customerId: string, name: MailTemplateName, draft: MailTemplateDraft): Promise<MailPreview> {
    const { settings } = await this.settings.get(customerId);
    const mail = await render(settings, name, draft);
    let html = mail.html;
    for (const image of mail.attachments) {
      const data = `data:${image.contentType};base64,${image.content.toString('base64')}`;
      html = html.replaceAll(`src="cid:${image.cid}"`, `src="${data}"`);
    }
    return { subject: mail.subject, text: mail.text, html };
  }

  /**
   * Mails the rendered draft to the signed-in staff user at once, not through the queue: the
   * user waits to see it, and 502 mailFailed tells them the mail server did not take it.
   */
  async sendTest(
    customerId: string,
    staffUserId: string,
    name: MailTemplateName,
    draft: MailTemplateDraft,
  ): Promise<MailTestResponse> {
    const { settings } = await this.settings.get(customerId);
    const mail = await render(settings, name, draft);
    const [staff] = await this.db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffUserId));
    if (!staff?.email) throw new AppError(422, 'staffHasNoEmail');
    auditDetails({ template: name });
    await sendNow(this.mailer, this.log, { to: staff.email, ...mail });
    return { sent_to: staff.email };
  }
}

/** A draft with the sample values; an empty draft is the built-in text in the customer's language. */
async function render(
  settings: CustomerSettings,
  name: MailTemplateName,
  draft: MailTemplateDraft,
): Promise<MailContent> {
  const errors: Record<string, FieldError> = unknownTemplateTags(name, draft);
  const missing = missingTemplateTag(name, draft);
  if (missing) errors.content ??= fieldError('mandatoryTag', { tag: missing });
  if (Object.keys(errors).length) throw validationError(errors);
  const { language } = settings.general;
  const builtIn = builtInMails(language);
  const template = draft.subject || draft.content ? draft : builtIn.templates[name];
  const tags: Tags = {
    ...SAMPLE_TAG_VALUES,
    enrollment_link: { link: SAMPLE_TAG_VALUES.enrollment_link as string },
    duration: builtIn.hours(ENROLLMENT_LINK_HOURS),
  };
  // A real QR code, as the app enrolment mail carries one (of a sample address here).
  if (`${template.subject}${template.content}`.includes('{qrcode_url}')) {
    tags.qrcode_url = { image: await qrCodeImage(SAMPLE_TAG_VALUES.qrcode_url as string, language) };
  }
  return composeMail(template, tags);
}
