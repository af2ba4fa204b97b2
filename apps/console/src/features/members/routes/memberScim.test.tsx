import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { memberDetail } from '../../../test/memberFixtures';
import { jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };
const managed = { managed_since: '2030-01-02T09:30:00.000Z', external_id: '0a21f0f2-8d2a' };

describe('member detail of a member a directory provisions', { timeout: 40_000 }, () => {
  let scim: typeof managed | null = managed;
  const { reset } = fakeApi(({ path }) => {
    if (path === '/users/m1/') return jsonResponse(200, memberDetail({ scim }));
    if (path === '/users/m1/credentials/') return jsonResponse(200, []);
    return undefined;
  });
  beforeEach(() => {
    scim = managed;
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
