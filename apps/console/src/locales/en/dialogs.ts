export const dialogs = {
  logout: { title: 'Logout', message: 'Do you really want to log out?' },
  delete: { title: 'Delete', message: 'Do you really want to delete {name}?' },
  disassociate: { title: 'Disassociate', message: 'Do you really want to disassociate {name}?' },
  remove: { title: 'Remove', message: 'Do you really want to remove {name}?' },
  reset: { title: 'Reset to default', message: 'Do you really want to reset {name} to the default text?' },
  revoke: { title: 'Revoke', message: 'Do you really want to revoke {name}?' },
  retire: { title: 'Retire', message: 'Do you really want to retire {name}?' },
  pinReset: {
    title: 'Reset smartcard PIN',
    message:
      'Let {name} reset its PIN? The member receives a mail with a code that unblocks the card at a workstation.',
  },
  unsaved: { title: 'Unsaved changes', message: 'You have unsaved changes. Leave this page and lose them?' },
  feedback: { title: 'Result' },
};
