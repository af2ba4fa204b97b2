import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const menu: DeepStrings<Phrases['menu']> = {
  groups: {
    users: 'Utenti',
    integrations: 'Integrazioni',
    workstation: 'Postazione',
    loginAssistant: 'Login Assistant',
    settings: 'Impostazioni',
  },
  items: {
    apps: 'App',
  },
  navigation: 'Navigazione principale',
};
