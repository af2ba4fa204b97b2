import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const dashboard: DeepStrings<Phrases['dashboard']> = {
  welcome: 'Benvenuto, {name}',
  intro: 'Usa il menu per gestire utenti, credenziali, integrazioni e impostazioni.',
  resellerIntro: 'Usa il menu per gestire i tuoi clienti.',
};

export const customers: DeepStrings<Phrases['customers']> = {
  name: 'Nome',
  licenses: 'Licenze',
  licenseExpiration: 'Scadenza licenza',
  laEnabled: 'Login Assistant',
  scripts: 'Script',
  openScripts: 'Apri gli script di {name}',
  noRows: 'Nessun cliente',
};
