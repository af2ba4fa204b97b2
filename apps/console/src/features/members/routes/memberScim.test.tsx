import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };
const member = {
  id: 'm1',
  username: 'eva@acme.example',
  first_name: 'Eva',
  last_name: 'Bianchi',
  full_name: 'Eva Bianchi',
  email: 'eva@acme.example',
  phone_number: '',
  group: null,
  extra_info: '',
  identities: [],
  identity_not_valid_after: null,
  blocked: false,
  blocked_by: null,
  enrolled: false,
  enrolled_at: null,
  created_at: '2025-03-01T10:00:00.000Z',
  credential_types: [],
  allowed_credential_types: [],
  issuable_credential_types: [],
  reported_sign_in_at: null,
  scim: { managed_since: '2030-01-02T09:30:00.000Z', external_id: '0a21f0f2-8d2a' },
};

describe('member detail of a member a directory provisions', { timeout: 40_000 }, () => {
  let scim: typeof member.scim | null = member.scim;
  const { reset } = fakeApi(({ path }) => {
    if (path === '/users/m1/') return jsonResponse(200, { ...member, scim });
    if (path === '/users/m1/credentials/') return jsonResponse(200, []);
    return undefined;
  });
  beforeEach(() => {
    scim = member.scim;
    reset();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('says that SCIM manages the member, since when, and with which id, in English and Italian', async () => {
    renderApp('/users/m1');
    expect(
      await screen.findByText(/^Managed by SCIM: the customer's directory provisions this member since/, {}, COLD),
    ).toBeTruthy();
    expect(screen.getByText("The directory's id: 0a21f0f2-8d2a")).toBeTruthy();
    await i18n.changeLanguage('it');
    expect(
      await screen.findByText(/^Gestito tramite SCIM: la directory del cliente fornisce questo utente dal/),
    ).toBeTruthy();
    expect(screen.getByText('Id nella directory: 0a21f0f2-8d2a')).toBeTruthy();
  });

  it('says nothing of SCIM for a member managed in the console', async () => {
    scim = null;
    renderApp('/users/m1');
    expect(await screen.findByRole('heading', { name: /Eva Bianchi/ }, COLD)).toBeTruthy();
    expect(screen.queryByText(/SCIM/)).toBeNull();
  });
});
