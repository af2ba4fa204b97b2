/** What each language gives the members' mails: the six built-in templates and a few words around them. */
import type { MailTemplate, MailTemplateName } from '@portiere/contracts';

export interface BuiltInMails {
  /** Used where the customer left a template empty. */
  templates: Record<MailTemplateName, MailTemplate>;
  /** A validity in hours, as the `{duration}` tag shows it. */
  hours(count: number): string;
  /** The enrolment QR code: its alternative text, and what the plain text part shows in its place. */
  qrCode: { alt: string; text(filename: string): string };
}
