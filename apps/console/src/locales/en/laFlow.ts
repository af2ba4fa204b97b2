export const laFlow = {
  intro:
    'The stages a member passes to unlock the login assistant. Until it has a stage, the assistant cannot sign in.',
  save: 'Save',
  saved: 'Flow saved.',
  discard: 'Discard changes',
  unsaved: 'You have unsaved changes.',
  notSet: 'The flow is not set up yet.',
  updatedAt: 'Last saved {date}',
};
