/** Menu group names and the entries whose label differs from the page title. */
export const menu = {
  groups: {
    users: 'Users',
    integrations: 'Integrations',
    workstation: 'Workstation',
    loginAssistant: 'Login Assistant',
    settings: 'Settings',
  },
  items: {
    apps: 'Apps',
  },
  navigation: 'Main navigation',
};
