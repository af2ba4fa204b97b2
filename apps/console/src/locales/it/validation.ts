import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const validation: DeepStrings<Phrases['validation']> = {
  required: 'Questo campo è obbligatorio.',
  range: 'Il valore deve essere compreso tra {min} e {max}.',
  url: 'Questo URL non è valido.',
  httpUrl: "L'URL deve iniziare con http:// o https://.",
  passwordsMatch: 'Le password non corrispondono.',
  minLength: 'Deve contenere almeno {min} caratteri.',
  maxLength: 'Deve contenere al massimo {max} caratteri.',
  notOnlyNumbers: 'La password non può contenere solo numeri.',
  onlyNumbers: 'Sono ammessi solo numeri.',
  mandatoryTag: 'Tag obbligatorio mancante: {tag}.',
  smsOtpPlaceholder: 'Il messaggio SMS deve contenere il segnaposto {placeholder}.',
  email: 'Questo indirizzo email non è valido.',
  phone: 'Il numero di telefono deve iniziare con + e un prefisso internazionale, seguito da esattamente 10 cifre.',
  json: 'Questo non è un JSON valido.',
  jsonDuplicateKey: 'Chiave JSON duplicata non consentita: {key}.',
  positive: 'Il valore deve essere positivo.',
  oneOf: 'Il valore deve essere uno tra: {values}.',
  color: 'Il colore deve essere un valore esadecimale come #1A2B3C.',
  invalid: 'Questo valore non è valido.',
  invalidText: 'Il testo non deve contenere caratteri NUL o Unicode non valido.',
};
