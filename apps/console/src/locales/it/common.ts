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
  languages: { en: 'English', it: 'Italiano', es: 'Español', de: 'Deutsch' },
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
    smartcard: 'Smartcard',
  },
};
