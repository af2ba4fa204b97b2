export const dialogs = {
  logout: { title: 'Logout', message: 'Do you really want to log out?' },
  delete: { title: 'Delete', message: 'Do you really want to delete {name}?' },
  disassociate: { title: 'Disassociate', message: 'Do you really want to disassociate {name}?' },
  unsaved: { title: 'Unsaved changes', message: 'You have unsaved changes. Leave this page and lose them?' },
  feedback: { title: 'Result' },
};
