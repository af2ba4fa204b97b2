/** The reseller console's answers as the API gives them, for the page tests of its areas. */
export const acmeCustomer = {
  id: 'c1',
  name: 'Acme',
  la_enabled: true,
  domain: 'acme.example',
  licenses: 250,
  license_expiration: '2030-06-30',
  created_at: '2029-01-01T00:00:00.000Z',
  members_count: 204,
  manager_users_count: 2,
};
export const globexCustomer = {
  ...acmeCustomer,
  id: 'c2',
  name: 'Globex',
  la_enabled: false,
  domain: 'globex.example',
  licenses: 20,
  license_expiration: null,
  members_count: 12,
  manager_users_count: 1,
};

export const ana = {
  id: 'm1',
  email: 'ana@acme.example',
  pending_email: 'ana.new@acme.example',
  scopes: ['members:read', 'audit:read'],
  expiration: '2031-01-01T10:00:00.000Z',
  has_api_key: true,
  blocked: false,
  must_change_password: false,
  created_at: '2030-01-01T00:00:00.000Z',
  license_expiration: '2030-06-30',
};
export const bruno = {
  ...ana,
  id: 'm2',
  email: 'bruno@acme.example',
  pending_email: null,
  scopes: [],
  expiration: null,
  has_api_key: false,
  blocked: true,
};

export const loginScript = {
  id: 's1',
  name: 'login.js',
  version: '1.2.0',
  size: 3072,
  sha256: 'a'.repeat(64),
  uploaded_at: '2030-02-01T09:00:00.000Z',
  uploaded_by: 'partner@northwind.example',
};

export const pagedOf = (results: unknown[]) => ({ count: results.length, results, next_page: null });
export const itemsOf = (items: unknown[]) => ({ count: items.length, items });
