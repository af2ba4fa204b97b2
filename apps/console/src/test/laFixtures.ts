/** Login-assistant answers as the API gives them, for the page tests of its areas. */
export const itemsOf = (items: unknown[]) => ({ count: items.length, items });

export const laApp = {
  id: 'a1',
  name: 'Ledger',
  kind: 'desktop',
  target: 'ledger.exe',
  profileId: 'p1',
  profile: { id: 'p1', name: 'Ledger staff' },
  profiles_count: 1,
  login_groups_count: 2,
  created_at: '2030-01-01T00:00:00.000Z',
};
export const webApp = {
  ...laApp,
  id: 'a2',
  name: 'Intranet',
  kind: 'web',
  target: 'https://intranet.example/login',
  profileId: null,
  profile: null,
  profiles_count: 0,
  login_groups_count: 0,
};
export const profile = {
  id: 'p1',
  displayName: 'Ledger staff',
  app: { id: 'a1', name: 'Ledger' },
  group: { id: 'g1', name: 'Staff' },
  flow: null,
  steps: [
    { action: 'fill', target: '#user', value: 'username', text: '' },
    { action: 'fill', target: '#pass', value: 'password', text: '' },
    { action: 'press', key: 'Enter' },
  ],
  is_default: true,
  created_at: '2030-01-01T00:00:00.000Z',
};
export const loginGroup = {
  id: 'lg1',
  name: 'Finance',
  description: 'Finance apps',
  credentials_count: 3,
  applications_count: 2,
  created_at: '2030-01-01T00:00:00.000Z',
};
export const laUser = {
  id: 'u1',
  member: { id: 'm1', username: 'mario.rossi', full_name: 'Mario Rossi' },
  loginGroup: { id: 'lg1', name: 'Finance' },
  username: 'mrossi',
  password_generated: false,
  password_changed_at: '2030-01-02T10:00:00.000Z',
  autologon: false,
  created_at: '2030-01-01T00:00:00.000Z',
};
export const configurationGroup = {
  id: 'g1',
  name: 'Staff',
  description: '',
  app_credential_biometry: 'none',
  workstation_login_enabled: true,
  web_login_enabled: true,
  allowed: ['password'],
  allowed_credential_types: ['password'],
  issuable_credential_types: ['password'],
  reported_sign_in_at: null,
  scim: null,
  members_count: 0,
};
export const member = {
  id: 'm1',
  username: 'mario.rossi',
  full_name: 'Mario Rossi',
};
