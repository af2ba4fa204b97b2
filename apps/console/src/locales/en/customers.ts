/** Texts of the pages that have content beyond their title. */
export const customers = {
  name: 'Name',
  licenses: 'Licenses',
  licenseExpiration: 'License expiration',
  laEnabled: 'Login Assistant',
  scripts: 'Scripts',
  openScripts: 'Open scripts of {name}',
  noRows: 'No customers',
};
