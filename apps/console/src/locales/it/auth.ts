import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const auth: DeepStrings<Phrases['auth']> = {
  title: 'Accedi',
  subtitle: 'Console di amministrazione',
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  newPassword: 'Nuova password',
  confirmPassword: 'Conferma password',
  changePassword: 'Cambia password',
  otpPrompt: 'Inserisci il codice inviato alla tua email',
  code: 'Codice',
  verify: 'Verifica',
  back: 'Indietro',
};
