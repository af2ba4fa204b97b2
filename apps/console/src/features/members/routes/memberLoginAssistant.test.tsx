import { defaultSettings, settingsValidators } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { itemsOf, laUser, loginGroup } from '../../../test/laFixtures';
import { memberDetail } from '../../../test/memberFixtures';
import { customerMe, jsonResponse, renderApp } from '../../../test/renderApp';

const COLD = { timeout: 20_000 };
const member = memberDetail({
  username: 'mario.rossi',
  first_name: 'Mario',
  last_name: 'Rossi',
  full_name: 'Mario Rossi',
  email: 'mario@acme.example',
  group: { id: 'g1', name: 'Staff' },
  allowed_credential_types: ['password'],
  issuable_credential_types: ['password'],
});

describe('member detail: Login Assistant tab', { timeout: 40_000 }, () => {
  let laEnabled = true;
  const { calls, reset } = fakeApi(({ path, method }) => {
    if (path === '/me/')
      return jsonResponse(200, { ...customerMe, customer: { ...customerMe.customer, la_enabled: laEnabled } });
    if (path === '/users/m1/') return jsonResponse(200, member);
    if (path === '/users/m1/credentials/') return jsonResponse(200, []);
    if (path === '/la-users/' && method === 'GET') return jsonResponse(200, itemsOf([laUser]));
    if (path === '/login-groups/') return jsonResponse(200, itemsOf([loginGroup]));
    if (path === '/customers/c1/settings/')
      return jsonResponse(200, { settings: defaultSettings(), validators: settingsValidators() });
    return undefined;
  });
  beforeEach(() => {
    laEnabled = true;
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the member’s credentials and adds one for this member', async () => {
    const user = userEvent.setup();
    renderApp('/users/m1');
    const tabs = await screen.findByRole('tablist', {}, COLD);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Personal Info', 'Recovery Modes', 'Credentials', 'Web', 'Workstation', 'Login Assistant', 'Activity']);
    await user.click(within(tabs).getByRole('tab', { name: 'Login Assistant' }));
    expect(await screen.findByRole('gridcell', { name: 'mrossi' }, COLD)).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === '/la-users/')
        .at(-1)
        ?.url.searchParams.get('member_id'),
    ).toBe('m1');
    await user.click(screen.getByRole('button', { name: 'Add credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'New credential' });
    expect((within(dialog).getByRole('textbox', { name: 'User' }) as HTMLInputElement).value).toBe(
      'Mario Rossi (mario.rossi)',
    );
  });

  it('has no Login Assistant tab for a customer without it', async () => {
    laEnabled = false;
    renderApp('/users/m1');
    const tabs = await screen.findByRole('tablist', {}, COLD);
    await waitFor(() => expect(within(tabs).getAllByRole('tab')).toHaveLength(6));
    expect(within(tabs).queryByRole('tab', { name: 'Login Assistant' })).toBeNull();
  });
});
