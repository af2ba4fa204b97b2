import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const dialogs: DeepStrings<Phrases['dialogs']> = {
  logout: { title: 'Esci', message: 'Vuoi davvero uscire?' },
  delete: { title: 'Elimina', message: 'Vuoi davvero eliminare {name}?' },
  disassociate: { title: 'Dissocia', message: 'Vuoi davvero dissociare {name}?' },
  remove: { title: 'Rimuovi', message: 'Vuoi davvero rimuovere {name}?' },
  reset: { title: 'Ripristina il predefinito', message: 'Vuoi davvero ripristinare {name} al testo predefinito?' },
  revoke: { title: 'Revoca', message: 'Vuoi davvero revocare {name}?' },
  retire: { title: 'Ritira', message: 'Vuoi davvero ritirare {name}?' },
  pinReset: {
    title: 'Reimposta il PIN della smart card',
    message:
      'Consentire la reimpostazione del PIN di {name}? L’utente riceve un’email con un codice che sblocca la carta a una postazione.',
  },
  unsaved: { title: 'Modifiche non salvate', message: 'Ci sono modifiche non salvate. Lasciare la pagina e perderle?' },
  feedback: { title: 'Risultato' },
};
