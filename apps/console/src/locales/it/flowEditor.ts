/** The shared editor of a flow's stages and terminating credentials (integrations flows, the assistant's flow). */
export const flowEditor = {
  stages: 'Passaggi',
  hint: "L'utente attraversa i passaggi in ordine, scegliendo una credenziale per ciascuno.",
  stageKinds: 'Credenziali del passaggio {n}',
  addStage: 'Aggiungi passaggio',
  removeStage: 'Rimuovi passaggio',
  removeStageNamed: 'Rimuovi il passaggio {n}',
  moveUp: 'Sposta su',
  moveUpNamed: 'Sposta su il passaggio {n}',
  moveDown: 'Sposta giù',
  moveDownNamed: 'Sposta giù il passaggio {n}',
  drag: 'Trascina il passaggio {n}',
  dragInstructions:
    'Per prendere un passaggio premi Spazio o Invio. Spostalo con le frecce, premi di nuovo Spazio o Invio per rilasciarlo, oppure Esc per annullare.',
  picked: 'Preso il passaggio {n}.',
  over: 'Sopra la posizione {n}.',
  dropped: 'Rilasciato nella posizione {n}.',
  cancelled: 'Spostamento annullato.',
  terminatingCredentials: 'Credenziali terminali',
  terminatingHint: 'Usarne una conclude il flusso; si possono scegliere solo credenziali del flusso.',
  noKindsYet: 'Scegli prima le credenziali di un passaggio',
};
