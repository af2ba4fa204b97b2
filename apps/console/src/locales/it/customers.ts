import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const customers: DeepStrings<Phrases['customers']> = {
  intro: 'I tuoi clienti, le loro licenze e i loro utenti gestori.',
  noRows: 'Nessun cliente',
  search: 'Cerca clienti',
  filters: { withLa: 'Con il Login Assistant', withoutLa: 'Senza il Login Assistant' },
  new: 'Nuovo cliente',
  edit: 'Modifica',
  editNamed: 'Modifica {name}',
  managerUsers: 'Utenti gestori',
  openManagerUsers: 'Apri gli utenti gestori di {name}',
  scripts: 'Script',
  openScripts: 'Apri gli script di {name}',
  created: 'Cliente creato. Un’email con una password temporanea è stata inviata a {email}.',
  saved: 'Cliente salvato.',
  licensesUsed: '{used} / {total}',
  columns: {
    name: 'Nome',
    domain: 'Dominio',
    licenses: 'Licenze (usate / totali)',
    licenseExpiration: 'Scadenza licenza',
    laEnabled: 'Login Assistant',
    members: 'Membri',
    managerUsers: 'Utenti gestori',
    actions: 'Azioni',
  },
  form: {
    newTitle: 'Nuovo cliente',
    editTitle: 'Modifica cliente',
    name: 'Nome',
    domain: 'Dominio',
    domainHint: 'Il dominio email del cliente, ad esempio acme.example.',
    licenses: 'Licenze',
    licenseExpiration: 'Scadenza licenza',
    licenseExpirationHint: 'Lascia vuoto per licenze che non scadono.',
    laEnabled: 'Login Assistant',
    laHint: 'Il cliente può usare il Login Assistant; puoi caricarne gli script.',
    managerEmail: 'Email del primo gestore',
    managerHint:
      'Il primo utente gestore accede con questo indirizzo. Riceverà un’email con una password temporanea, da cambiare al primo accesso.',
  },
};
