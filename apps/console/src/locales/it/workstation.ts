import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const workstation: DeepStrings<Phrases['workstation']> = {
  keys: {
    intro: 'Le postazioni fanno accedere gli utenti con una chiave: una per computer o una per l’intera flotta.',
    noRows: 'Nessuna chiave delle postazioni',
    anyMachine: 'Qualsiasi computer (flotta)',
    columns: { name: 'Nome', machine: 'Computer', created: 'Emessa', lastUsed: 'Ultimo uso', actions: 'Azioni' },
    issued: 'Chiave della postazione {name} emessa.',
    revoked: 'Chiave della postazione {name} revocata.',
    revoke: 'Revoca',
    revokeNamed: 'Revoca la chiave {name}',
    revokeWarning:
      'Le sue postazioni non potranno più far accedere nessuno, e il materiale per l’accesso offline ottenuto con essa termina.',
    issue: {
      open: 'Emetti chiave',
      title: 'Emetti una chiave della postazione',
      submit: 'Emetti',
      name: 'Nome',
      nameHint: 'A cosa serve la chiave, ad es. «PC reception» o «Portatili vendite».',
      scope: 'Computer',
      oneMachine: 'Un solo computer',
      fleet: 'Qualsiasi computer della flotta (ognuno indica il proprio nome)',
      machine: 'Nome del computer',
      machineHint: 'Il nome host del computer (lettere, cifre, «-», «_» e «.»).',
    },
    shown: {
      title: 'Chiave della postazione {name}',
      key: 'Chiave della postazione',
      copy: 'Copia la chiave',
      onlyOnce: 'Copia ora la chiave: non verrà più mostrata.',
      copiedQuestion: 'Hai copiato la chiave? Chiusa questa finestra, non potrà più essere mostrata.',
      usageMachine:
        'Inseriscila nella configurazione del client della postazione su {machine}: la invia nell’intestazione {header}.',
      usageFleet:
        'Inseriscila nella configurazione del client su ogni computer: la invia nell’intestazione {header} e il suo nome host in {machineHeader}.',
    },
  },
  offline: {
    title: 'Accesso offline',
    hint: 'Computer che possono far accedere questo utente senza rete, con codici conservati solo come hash lenti.',
    none: 'Nessun computer conserva materiale per l’accesso offline di questo utente.',
    name: 'il materiale offline su {machine}',
    revoke: 'Revoca',
    revokeNamed: 'Revoca il materiale offline su {machine}',
    revokeWarning: 'Il computer lo elimina al prossimo contatto con il server e non può rinnovarlo.',
    revoked: 'Materiale offline su {machine} revocato.',
    columns: {
      machine: 'Computer',
      kind: 'Credenziale',
      values: 'Codici conservati',
      refilled: 'Ultimo rinnovo',
      expires: 'Scadenza',
      actions: 'Azioni',
    },
  },
};
