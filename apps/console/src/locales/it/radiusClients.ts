import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const radiusClients: DeepStrings<Phrases['radiusClients']> = {
  intro:
    'Gateway VPN, controller Wi-Fi, dispositivi di rete e host Linux che fanno accedere i membri tramite RADIUS. Ognuno invia le sue richieste dal suo indirizzo con il secret condiviso mostrato alla registrazione.',
  noRows: 'Ancora nessun client RADIUS',
  noMatches: 'Nessun client RADIUS corrisponde alla ricerca',
  search: 'Cerca per nome o indirizzo',
  register: 'Registra client',
  enabled: 'Attivo',
  disabled: 'Disattivato',
  noMessageAuthenticator: 'Senza Message-Authenticator',
  columns: {
    name: 'Nome',
    address: 'Indirizzo',
    application: 'Applicazione RADIUS',
    status: 'Stato',
    lastUsed: 'Ultima richiesta',
    created: 'Registrato',
    actions: 'Azioni',
  },
  registered: 'Client RADIUS {name} registrato.',
  saved: 'Client RADIUS {name} salvato.',
  deleted: 'Client RADIUS {name} eliminato.',
  renewed: 'Il client RADIUS {name} ha un nuovo secret condiviso.',
  editNamed: 'Modifica {name}',
  renewNamed: 'Nuovo secret condiviso per {name}',
  deleteNamed: 'Elimina {name}',
  secretOf: 'il secret condiviso di {name}',
  renewWarning:
    'Viene creato un nuovo secret, mostrato una sola volta. Il dispositivo è rifiutato finché non riceve quello nuovo.',
  deleteWarning: 'Le sue richieste non ricevono più risposta e i suoi accessi in corso terminano.',
  form: {
    newTitle: 'Registra un client RADIUS',
    editTitle: 'Modifica client RADIUS',
    register: 'Registra',
    name: 'Nome',
    nameHint: 'Che cosa è il dispositivo, per esempio «VPN ufficio» o «Server Linux».',
    address: 'Indirizzo o intervallo',
    addressHint:
      'L’indirizzo da cui arrivano le sue richieste (192.0.2.10), o un intervallo in notazione CIDR (10.0.0.0/24).',
    application: 'Applicazione RADIUS',
    applicationHint:
      'I suoi ruoli app decidono quali gruppi di configurazione possono accedere, con quale flusso e attributi.',
    noApplication: 'Non c’è ancora un’applicazione di tipo RADIUS.',
    toApplications: 'Creane una in Applicazioni.',
    enabled: 'Attivo (le sue richieste ricevono risposta)',
    requireMessageAuthenticator: 'Richiedi Message-Authenticator',
    requireMessageAuthenticatorHint:
      'Le richieste senza vengono scartate, come richiede l’attacco BlastRADIUS (CVE-2024-3596). Disattivalo solo per un dispositivo che non può inviarlo, come pam_radius_auth prima della versione 3.',
    messageAuthenticatorOff:
      'Le richieste di questo dispositivo saranno provate solo dalla password che portano. Riattivalo quando il dispositivo invierà un Message-Authenticator.',
    approvalWait: 'Attesa dell’approvazione nell’app (secondi)',
    approvalWaitHint:
      'Quanto una richiesta attende l’approvazione del membro nell’app, da {min} a {max}. Tienilo sotto il timeout RADIUS del dispositivo.',
  },
  shown: {
    title: 'Secret condiviso di {name}',
    secret: 'Secret condiviso',
    copy: 'Copia secret',
    onlyOnce: 'Copia ora il secret condiviso: non verrà più mostrato.',
    copiedQuestion: 'Hai copiato il secret condiviso? Chiusa questa finestra, non potrà più essere mostrato.',
    usage:
      'Inseriscilo come secret condiviso del server RADIUS sul dispositivo ({address}), con l’indirizzo di questo server e la sua porta RADIUS (1812 se non impostata diversamente).',
  },
};
