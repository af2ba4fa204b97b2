/**
 * Mails to members, from the six templates of the customer settings. A template the customer
 * left empty falls back to the built-in text below. Tags are `{name}`.
 */
import type { CustomerSettings, MailTemplate, MailTemplateName } from '@portiere/contracts';
import { render } from './templates.ts';

export const BUILT_IN_TEMPLATES: Record<MailTemplateName, MailTemplate> = {
  recovery_mode: {
    subject: 'Your recovery code',
    content: 'Hello {first_name},\n\nrecovery mode is active for {username}. Your recovery code is {recovery_code}.\n',
  },
  send_pin: { subject: 'Your smartcard PIN', content: 'Hello {first_name},\n\nthe PIN of your smartcard is {pin}.\n' },
  send_otp: {
    subject: 'Your one-time code: {otp}',
    content: 'Hello {first_name},\n\nyour one-time code is {otp}. It is valid for 10 minutes.\n',
  },
  send_enrollment_link: {
    subject: 'Set up your sign-in',
    content:
      'Hello {first_name},\n\nopen {enrollment_link} to set up your sign-in for {username}.\nThe link is valid for {duration}.\n',
  },
  send_qrcode: {
    subject: 'Activate the authenticator app',
    content:
      'Hello {first_name},\n\nscan the QR code at {qrcode_url} with the app, or enter the confirmation code {confirmation_code}.\n',
  },
  token_reset_pin: {
    subject: 'Reset your token PIN',
    content: 'Hello {first_name},\n\nuse the code {auth_code} to reset the PIN of your token.\n',
  },
};

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
  tags: MemberTags & Record<string, string | number>,
): { subject: string; text: string } {
  const own = settings.general[name];
  const template = own.subject || own.content ? own : BUILT_IN_TEMPLATES[name];
  return { subject: render(template.subject, tags), text: render(template.content, tags) };
}
