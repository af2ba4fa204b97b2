export const dialogs = {
  logout: { title: 'Logout', message: 'Do you really want to log out?' },
  delete: { title: 'Delete', message: 'Do you really want to delete {name}?' },
  disassociate: { title: 'Disassociate', message: 'Do you really want to disassociate {name}?' },
  feedback: { title: 'Result' },
};
