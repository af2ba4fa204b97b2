/**
 * Mails to members, from the six templates of the customer settings. A template the customer
 * left empty falls back to the built-in text in the customer's language (settings
 * general.language; English for any other). Tags are `{name}`; templates are plain text, from
 * which composeMail makes the text and HTML parts.
 */
import type { CustomerSettings, MailTemplate, MailTemplateName, SettingsLanguage } from '@portiere/contracts';
import { qrCode as loadQrCode } from '../lib/qr-code.ts';
import { en } from './built-in/en.ts';
import { fr } from './built-in/fr.ts';
import { it } from './built-in/it.ts';
import type { BuiltInMails } from './built-in/types.ts';
import { composeMail, type InlineImage, type MailContent, type Tags } from './templates.ts';

const BUILT_IN: Record<SettingsLanguage, BuiltInMails> = { en, fr, it };

/** The built-in texts and words of a language. */
export function builtInMails(language: string): BuiltInMails {
  return BUILT_IN[language as SettingsLanguage] ?? en;
}

/** What a template of the customer is: its own text, or the built-in one when both fields are empty. */
export function effectiveTemplate(settings: CustomerSettings, name: MailTemplateName): MailTemplate {
  const own = settings.general[name];
  return own.subject || own.content ? own : builtInMails(settings.general.language).templates[name];
}

export interface MemberTags {
  username: string;
  first_name: string;
  last_name: string;
  extra_info: string;
  domain: string;
}

export function renderMemberMail(
  settings: CustomerSettings,
  name: MailTemplateName,
  tags: MemberTags & Tags,
): MailContent {
  return composeMail(effectiveTemplate(settings, name), tags);
}

/**
 * A QR code carried inside the mail (`{qrcode_url}`): a link to it would put what it encodes
 * in a URL. Its alternative text is in the mail's language.
 */
export async function qrCodeImage(content: string, language: string): Promise<InlineImage> {
  const { qrCode } = builtInMails(language);
  const filename = 'qrcode.png';
  return {
    cid: 'enrolment-qr@portiere',
    filename,
    contentType: 'image/png',
    content: await (await loadQrCode()).toBuffer(content),
    alt: qrCode.alt,
    text: qrCode.text(filename),
  };
}
