import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const common: DeepStrings<Phrases['common']> = {
  appName: 'Portiere',
  cancel: 'Annulla',
  no: 'No',
  confirm: 'Conferma',
  ok: 'Ok',
  yes: 'Sì',
  close: 'Chiudi',
  copyNamed: 'Copia {name}',
  back: 'Indietro',
  save: 'Salva',
  retry: 'Riprova',
  loading: 'Caricamento…',
  version: 'Versione {version}',
  account: 'Account',
  support: 'Assistenza',
  logout: 'Esci',
  language: 'Lingua',
  collapseMenu: 'Comprimi menu',
  expandMenu: 'Espandi menu',
  enabled: 'Abilitato',
  disabled: 'Disabilitato',
  /** Each language by its own name, whatever the console's language. */
  languages: { en: 'English', it: 'Italiano', es: 'Español', de: 'Deutsch', fr: 'Français' },
  /** Each language as a sentence of the console names it. */
  languageNames: { en: 'inglese', it: 'italiano', es: 'spagnolo', de: 'tedesco', fr: 'francese' },
  languageNameOnly: 'Solo il nome: la console è in inglese e in italiano',
  languagesNamesOnly: 'solo i nomi — la console è in inglese e in italiano',
  /** Credential kinds by their short names (charts, chips). */
  credentialTypes: {
    mail: 'Email',
    sms: 'SMS',
    password: 'Password',
    pin: 'PIN',
    app: 'App',
    app_biometry: 'App con biometria',
    totp: 'TOTP',
    hotp: 'HOTP',
    keypair: 'Coppia di chiavi',
    smartcard: 'Smart card',
  },
  /** A list's pagination while its count is an estimate (the exact count follows). */
  rowsOfAbout: '{from}–{to} di circa {count}',
};
