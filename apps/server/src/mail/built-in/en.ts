/** The members' mails in English. */
import type { BuiltInMails } from './types.ts';

export const en: BuiltInMails = {
  templates: {
    recovery_mode: {
      subject: 'Your recovery code',
      content:
        'Hello {first_name},\n\nrecovery mode is active for {username}. Your recovery code is {recovery_code}.\n',
    },
    send_pin: {
      subject: 'Your smartcard PIN',
      content: 'Hello {first_name},\n\nthe PIN of your smartcard is {pin}.\n',
    },
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
        'Hello {first_name},\n\nto activate the authenticator app, scan this QR code with it:\n\n{qrcode_url}\n\nor enter the confirmation code {confirmation_code} in the app.\n',
    },
    token_reset_pin: {
      subject: 'Reset your token PIN',
      content: 'Hello {first_name},\n\nuse the code {auth_code} to reset the PIN of your token.\n',
    },
  },
  hours: (count) => `${count} ${count === 1 ? 'hour' : 'hours'}`,
  qrCode: { alt: 'QR code', text: (filename) => `[QR code: attached image ${filename}]` },
};
