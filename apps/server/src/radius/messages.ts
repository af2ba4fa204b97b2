/**
 * What a RADIUS client shows the member (Reply-Message): the prompt of each challenge and why a
 * sign-in ended, in the customer's language (settings general.language; English for any other).
 * Devices show these as they are, so they are whole sentences. The words a member may type
 * instead of a code (mail, sms, app) are the same in every language.
 */
import type { SignInFailureReason } from '@portiere/contracts';

const en = {
  password: 'Enter your password.',
  pin: 'Enter your PIN.',
  passwordOrPin: 'Enter your password or PIN.',
  code: 'Enter the code from your authenticator app or token.',
  mail: 'Enter the code sent to your email.',
  mailTo: 'Enter the code sent to {to}.',
  sms: 'Enter the code sent to your phone.',
  smsTo: 'Enter the code sent to {to}.',
  app: 'Pick {number} in the Portiere app to approve, then press Enter. Or type a code from the app.',
  appWaiting: 'Not approved yet. Approve in the Portiere app, then press Enter.',
  orMail: 'Or type mail to get a code by email.',
  orSms: 'Or type sms to get a code by text message.',
  orApp: 'Or type app to approve on your phone.',
  resendTooSoon: 'A code was sent less than a minute ago. Please wait before asking again.',
  unsupported: 'This sign-in step cannot be done here. Please contact your administrator.',
  failed: 'Sign-in failed.',
  expired: 'This sign-in has expired or is finished. Start again.',
  throttled: 'Too many attempts. Try again in {seconds} seconds.',
  blocked: 'Your account is blocked. Please contact your administrator.',
  no_flow: 'You may not sign in here. Please contact your administrator.',
  too_many_failures: 'Too many wrong answers. Start again.',
  denied_on_app: 'The sign-in was refused on your app.',
  wrong_number: 'The number picked in the app was not the one shown here.',
  reported_by_member: 'The sign-in was refused on your app and reported.',
};
export type RadiusMessage = keyof typeof en;

const it: Record<RadiusMessage, string> = {
  password: 'Inserisci la password.',
  pin: 'Inserisci il PIN.',
  passwordOrPin: 'Inserisci la password o il PIN.',
  code: "Inserisci il codice dell'app di autenticazione o del token.",
  mail: 'Inserisci il codice inviato alla tua email.',
  mailTo: 'Inserisci il codice inviato a {to}.',
  sms: 'Inserisci il codice inviato al tuo telefono.',
  smsTo: 'Inserisci il codice inviato al {to}.',
  app: "Scegli {number} nell'app Portiere per approvare, poi premi Invio. Oppure digita un codice dell'app.",
  appWaiting: "Non ancora approvato. Approva nell'app Portiere, poi premi Invio.",
  orMail: 'Oppure digita mail per ricevere un codice via email.',
  orSms: 'Oppure digita sms per ricevere un codice via SMS.',
  orApp: 'Oppure digita app per approvare dal telefono.',
  resendTooSoon: 'Un codice è stato inviato meno di un minuto fa. Attendi prima di chiederne un altro.',
  unsupported: "Questo passaggio dell'accesso non si può fare qui. Contatta l'amministratore.",
  failed: 'Accesso non riuscito.',
  expired: 'Questo accesso è scaduto o è terminato. Ricomincia.',
  throttled: 'Troppi tentativi. Riprova tra {seconds} secondi.',
  blocked: "Il tuo account è bloccato. Contatta l'amministratore.",
  no_flow: "Non puoi accedere qui. Contatta l'amministratore.",
  too_many_failures: 'Troppe risposte errate. Ricomincia.',
  denied_on_app: "L'accesso è stato rifiutato dalla tua app.",
  wrong_number: "Il numero scelto nell'app non era quello mostrato qui.",
  reported_by_member: "L'accesso è stato rifiutato dalla tua app e segnalato.",
};

const LANGUAGES: Record<string, Record<RadiusMessage, string>> = { en, it };

/** Why a sign-in ended, when it may be said (the engine's told refusals); else the plain failure. */
const REFUSALS: Partial<Record<SignInFailureReason, RadiusMessage>> = {
  blocked: 'blocked',
  no_flow: 'no_flow',
  too_many_failures: 'too_many_failures',
  denied_on_app: 'denied_on_app',
  wrong_number: 'wrong_number',
  reported_by_member: 'reported_by_member',
};

export function refusalOf(reason: SignInFailureReason): RadiusMessage {
  return REFUSALS[reason] ?? 'failed';
}

/** The message in `language`, its {placeholders} filled; messages joined by a space. */
export function say(
  language: string,
  ...parts: Array<RadiusMessage | [RadiusMessage, Record<string, string | number>]>
) {
  const texts = LANGUAGES[language] ?? en;
  return parts
    .map((part) => {
      const [key, params] = Array.isArray(part) ? part : [part, {}];
      return texts[key].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
    })
    .join(' ');
}
