import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const laScripts: DeepStrings<Phrases['laScripts']> = {
  intro: 'Script di {name} per il suo Login Assistant.',
  back: 'Torna ai clienti',
  search: 'Cerca script',
  noRows: 'Nessuno script',
  filters: { uploaded: 'Caricati', from: 'Dal', to: 'Al' },
  upload: 'Carica script',
  uploaded: 'Script {name} caricato.',
  download: 'Scarica',
  downloadNamed: 'Scarica {name}',
  downloaded: 'Scaricato {name}.',
  delete: 'Elimina',
  deleteNamed: 'Elimina {name}',
  sizeKb: '{size} KB',
  columns: {
    name: 'Nome',
    version: 'Versione',
    size: 'Dimensione',
    uploadedAt: 'Caricato',
    uploadedBy: 'Caricato da',
    actions: 'Azioni',
  },
  form: {
    title: 'Carica script',
    file: 'File dello script',
    choose: 'Scegli file',
    noFile: 'Nessun file scelto',
    fileHint: 'File {extensions}, al massimo {max} KB.',
    version: 'Versione',
    versionHint: 'Ad esempio 1.0.0.',
    submit: 'Carica',
  },
};
