import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const downloads: DeepStrings<Phrases['downloads']> = {
  intro: 'Ciò che la tua organizzazione installa sui computer o distribuisce ai suoi utenti.',
  clients: {
    title: 'Client',
    workstation: 'Client della postazione',
    workstationHint: 'Fa accedere i tuoi utenti ai computer Windows con le loro credenziali.',
    loginAssistant: 'Client del Login Assistant',
    loginAssistantHint: "Compila l'accesso delle applicazioni indicate nei tuoi gruppi di login.",
    open: 'Scarica',
    openNamed: 'Scarica: {name}',
    none: 'Nessun download dei client è configurato per questa installazione. Chiedi al tuo fornitore dove trovarli.',
  },
  scripts: {
    title: 'Script del Login Assistant',
    intro: 'Script che il tuo rivenditore ha caricato per il tuo Login Assistant.',
    none: 'Il tuo rivenditore non ha ancora caricato alcuno script.',
    more: 'Sono elencati i {shown} script più recenti su {count}.',
    noAssistant: 'La tua organizzazione non ha il Login Assistant, quindi non ci sono script da scaricare.',
    downloaded: 'Scaricato {name}.',
  },
};
