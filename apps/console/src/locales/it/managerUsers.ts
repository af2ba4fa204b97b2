import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const managerUsers: DeepStrings<Phrases['managerUsers']> = {
  intro: 'Account del personale del cliente. Ognuno può avere una chiave API limitata ai suoi ambiti.',
  noRows: 'Nessun utente gestore',
  new: 'Nuovo utente gestore',
  created: 'Utente gestore creato. Un’email con una password temporanea è stata inviata a {email}.',
  saved: 'Utente gestore salvato.',
  blocked: '{email} è bloccato.',
  unblocked: '{email} è sbloccato.',
  pendingEmail: 'Cambio in attesa verso {email}',
  noExpiration: 'Nessuna scadenza',
  noApiKey: 'Ancora nessuna chiave API',
  columns: {
    email: 'Email',
    scopes: 'Ambiti',
    expiration: 'Scadenza chiave API',
    createdAt: 'Creato',
    licenseExpiration: 'Scadenza licenza',
    status: 'Stato',
    actions: 'Azioni',
  },
  status: { active: 'Attivo', blocked: 'Bloccato', mustChangePassword: 'Deve cambiare la password' },
  filters: { search: 'Cerca per email' },
  scopes: {
    membersRead: 'Leggere i membri e le loro credenziali',
    membersWrite: 'Creare, modificare ed eliminare membri',
    credentialsWrite: 'Creare, reimpostare ed eliminare credenziali',
    settingsRead: 'Leggere le impostazioni',
    settingsWrite: 'Modificare le impostazioni',
    auditRead: 'Leggere il registro attività',
  },
  actions: {
    edit: 'Modifica ambiti e scadenza',
    editNamed: 'Modifica ambiti e scadenza di {email}',
    resetApiKey: 'Reimposta chiave API',
    resetApiKeyNamed: 'Reimposta la chiave API di {email}',
    resetPassword: 'Reimposta password',
    resetPasswordNamed: 'Reimposta la password di {email}',
    changeEmail: 'Cambia email',
    changeEmailNamed: 'Cambia l’email di {email}',
    block: 'Blocca',
    blockNamed: 'Blocca {email}',
    unblock: 'Sblocca',
    unblockNamed: 'Sblocca {email}',
  },
  confirm: {
    resetApiKey: {
      title: 'Reimposta chiave API',
      message:
        'Creare una nuova chiave API per {email}? La chiave attuale, se esiste, smette subito di funzionare. La nuova chiave viene mostrata una sola volta.',
    },
    resetPassword: {
      title: 'Reimposta password',
      message:
        'Reimpostare la password di {email}? Una password temporanea viene inviata a questo indirizzo e va cambiata al prossimo accesso. La password attuale smette subito di funzionare.',
    },
    block: {
      title: 'Blocca',
      message:
        'Bloccare {email}? L’utente non può accedere, e le sue sessioni e la sua chiave API smettono subito di funzionare.',
    },
    unblock: { title: 'Sblocca', message: 'Sbloccare {email}? L’utente può di nuovo accedere e usare la chiave API.' },
  },
  passwordMailed: 'Una password temporanea è stata inviata a {email}.',
  form: {
    newTitle: 'Nuovo utente gestore',
    editTitle: 'Modifica utente gestore',
    email: 'Email',
    emailHint: 'L’utente accede con questo indirizzo; riceverà un’email con una password temporanea.',
    scopes: 'Ambiti della chiave API',
    scopesHint: 'Cosa può fare la chiave API dell’utente. La scrittura non include la lettura.',
    expiration: 'Scadenza chiave API',
    expirationHint: 'Lascia vuoto per una chiave che non scade.',
  },
  apiKey: {
    title: 'Nuova chiave API di {email}',
    key: 'Chiave API',
    header: 'Intestazione',
    usage: 'Invia la chiave nell’intestazione {header} di ogni chiamata API, ad esempio {example}.',
    onlyOnce: 'Copia ora la chiave API: non verrà più mostrata.',
  },
  changeEmail: {
    title: 'Cambia email',
    current: 'Indirizzo attuale: {email}',
    newEmail: 'Nuova email',
    hint: 'Un link di conferma viene inviato al nuovo indirizzo. Il cambio si applica quando il link viene aperto.',
    submit: 'Invia link di conferma',
    sent: 'Un link di conferma è stato inviato a {email}. L’indirizzo cambia quando il link viene aperto.',
  },
  confirmEmail: {
    title: 'Conferma il tuo nuovo indirizzo email',
    working: 'Conferma in corso…',
    done: 'Ora accedi con il tuo nuovo indirizzo email.',
    signIn: 'Vai all’accesso',
  },
};
