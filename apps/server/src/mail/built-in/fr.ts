/** The members' mails in French (a no-break space before the colon, as French typography wants). */
import type { BuiltInMails } from './types.ts';

export const fr: BuiltInMails = {
  templates: {
    recovery_mode: {
      subject: 'Votre code de récupération',
      content:
        'Bonjour {first_name},\n\nle mode de récupération est activé pour {username}. Votre code de récupération est {recovery_code}.\n',
    },
    send_pin: {
      subject: 'Le code PIN de votre carte à puce',
      content: 'Bonjour {first_name},\n\nle code PIN de votre carte à puce est {pin}.\n',
    },
    send_otp: {
      subject: 'Votre code à usage unique\u00a0: {otp}',
      content: 'Bonjour {first_name},\n\nvotre code à usage unique est {otp}. Il est valable 10 minutes.\n',
    },
    send_enrollment_link: {
      subject: 'Configurez votre connexion',
      content:
        'Bonjour {first_name},\n\nouvrez {enrollment_link} pour configurer la connexion de {username}.\nLe lien est valable {duration}.\n',
    },
    send_qrcode: {
      subject: "Activez l'application d'authentification",
      content:
        "Bonjour {first_name},\n\npour activer l'application d'authentification, scannez ce code QR avec elle\u00a0:\n\n{qrcode_url}\n\nou saisissez le code de confirmation {confirmation_code} dans l'application.\n",
    },
    token_reset_pin: {
      subject: 'Réinitialisez le code PIN de votre jeton',
      content: 'Bonjour {first_name},\n\nutilisez le code {auth_code} pour réinitialiser le code PIN de votre jeton.\n',
    },
  },
  hours: (count) => `${count} ${count === 1 ? 'heure' : 'heures'}`,
  qrCode: { alt: 'Code QR', text: (filename) => `[Code QR\u00a0: image jointe ${filename}]` },
};
