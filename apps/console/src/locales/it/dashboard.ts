export const dashboard = {
  noData: 'Ancora nessun dato.',
  noCustomers: 'Ancora nessun cliente.',
  noCredentials: 'Ancora nessuna credenziale.',
  webCredentials: 'Credenziali web',
  workstationCredentials: 'Credenziali della postazione',
  users: { title: 'Utenti', total: 'Totale', enrolled: 'Registrati', blocked: 'Bloccati' },
  recovery: { title: 'Modalità di recupero', active: 'Attive', total: 'Attivate finora' },
  licenses: {
    title: 'Licenze',
    remaining: 'Rimanenti',
    usedOf: '{used} di {total} usate',
    usedPercent: '{percent}% delle licenze usate',
    expiration: 'Scadono il {date}',
  },
};
