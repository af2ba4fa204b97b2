/** The members' mails in Italian. */
import type { BuiltInMails } from './types.ts';

export const it: BuiltInMails = {
  templates: {
    recovery_mode: {
      subject: 'Il tuo codice di recupero',
      content:
        'Ciao {first_name},\n\nla modalità di recupero è attiva per {username}. Il tuo codice di recupero è {recovery_code}.\n',
    },
    send_pin: {
      subject: 'Il PIN della tua smartcard',
      content: 'Ciao {first_name},\n\nil PIN della tua smartcard è {pin}.\n',
    },
    send_otp: {
      subject: 'Il tuo codice monouso: {otp}',
      content: 'Ciao {first_name},\n\nil tuo codice monouso è {otp}. È valido per 10 minuti.\n',
    },
    send_enrollment_link: {
      subject: 'Configura il tuo accesso',
      content:
        "Ciao {first_name},\n\napri {enrollment_link} per configurare l'accesso di {username}.\nIl link è valido per {duration}.\n",
    },
    send_qrcode: {
      subject: "Attiva l'app di autenticazione",
      content:
        "Ciao {first_name},\n\nper attivare l'app di autenticazione, inquadra con l'app questo codice QR:\n\n{qrcode_url}\n\noppure inserisci nell'app il codice di conferma {confirmation_code}.\n",
    },
    token_reset_pin: {
      subject: 'Reimposta il PIN del tuo token',
      content: 'Ciao {first_name},\n\nusa il codice {auth_code} per reimpostare il PIN del tuo token.\n',
    },
  },
  hours: (count) => `${count} ${count === 1 ? 'ora' : 'ore'}`,
  qrCode: { alt: 'Codice QR', text: (filename) => `[Codice QR: immagine allegata ${filename}]` },
};
