export const laFlow = {
  intro:
    'I passaggi che un utente attraversa per sbloccare il Login Assistant. Finché non ne ha uno, il Login Assistant non può accedere.',
  save: 'Salva',
  saved: 'Flusso salvato.',
  discard: 'Annulla le modifiche',
  unsaved: 'Ci sono modifiche non salvate.',
  notSet: 'Il flusso non è ancora configurato.',
  updatedAt: 'Ultimo salvataggio {date}',
};
