/** Texts of the pages that have content beyond their title. */
export const dashboard = {
  welcome: 'Welcome, {name}',
  intro: 'Use the menu to manage users, credentials, integrations and settings.',
  resellerIntro: 'Use the menu to manage your customers.',
};

export const customers = {
  name: 'Name',
  licenses: 'Licenses',
  licenseExpiration: 'License expiration',
  laEnabled: 'Login Assistant',
  scripts: 'Scripts',
  openScripts: 'Open scripts of {name}',
  noRows: 'No customers',
};
