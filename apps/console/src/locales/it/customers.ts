import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const customers: DeepStrings<Phrases['customers']> = {
  name: 'Nome',
  licenses: 'Licenze',
  licenseExpiration: 'Scadenza licenza',
  laEnabled: 'Login Assistant',
  scripts: 'Script',
  openScripts: 'Apri gli script di {name}',
  noRows: 'Nessun cliente',
};
