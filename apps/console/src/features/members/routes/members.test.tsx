import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { dispatchFilters, filtersStore } from '../../../components/filters/filtersStore';
import { resetPaging } from '../../../components/table/pagingStore';
import { setTokens } from '../../../lib/auth/tokenStorage';
import { switchLanguage } from '../../../lib/i18n/i18n';
import { customerMe, customerToken, jsonResponse, renderApp } from '../../../test/renderApp';

const member = {
  id: 'm1',
  username: 'ann.lee@acme.example',
  first_name: 'Ann',
  last_name: 'Lee',
  full_name: 'Ann Lee',
  email: 'ann@mail.example',
  phone_number: '',
  group: { id: 'g1', name: 'Office' },
  extra_info: '',
  identities: [],
  identity_not_valid_after: null,
  blocked: true,
  blocked_by: 'admin@acme.example',
  enrolled: false,
  enrolled_at: null,
  created_at: '2025-03-01T10:00:00.000Z',
  credential_types: ['mail', 'totp'],
};

const office = {
  id: 'g1',
  name: 'Office',
  description: '',
  app_credential_biometry: 'none',
  workstation_login_enabled: true,
  web_login_enabled: true,
  allowed: ['password', 'mail', 'totp'],
  allowed_credential_types: ['mail', 'password', 'totp'],
  issuable_credential_types: ['mail', 'password', 'totp'],
  reported_sign_in_at: null,
  scim: null,
  members_count: 1,
};

/** A promise and the function that resolves it. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// The first test loads the data grid chunk cold, which takes seconds on a busy machine.
describe('members pages', { timeout: 30_000 }, () => {
  let users: unknown[] = [member];
  /** The member's own answer fails (403) while set. */
  let failMember = false;
  /** users/count/ answers when this is resolved (the exact count after an estimated page). */
  let exactCount = deferred<number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://x');
    const path = url.pathname;
    if (path.endsWith('/me/')) return jsonResponse(200, customerMe);
    if (path.endsWith('/groups/')) return jsonResponse(200, { count: 1, next_page: null, results: [office] });
    // Two letters match so many that the page comes with an estimated count.
    if (path.endsWith('/users/') && url.searchParams.get('search') === 'ma') {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse(200, { count: 237_283, count_estimated: true, next_page: page + 1, results: users });
    }
    if (path.endsWith('/users/')) {
      return jsonResponse(200, { count: users.length, count_estimated: false, next_page: null, results: users });
    }
    if (path.endsWith('/users/count/')) return jsonResponse(200, { count: await exactCount.promise });
    if (path.endsWith('/users/m1/') && failMember) {
      return jsonResponse(403, { reason: 'Not allowed just now.', code: 'somethingNew' });
    }
    if (path.endsWith('/users/m1/'))
      return jsonResponse(200, {
        ...member,
        allowed_credential_types: ['mail', 'password', 'totp'],
        issuable_credential_types: ['mail', 'password', 'totp'],
        reported_sign_in_at: null,
        scim: null,
      });
    if (path.endsWith('/users/m1/credentials/')) return jsonResponse(200, []);
    return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    users = [member];
    failMember = false;
    exactCount = deferred<number>();
    setTokens({ accessToken: customerToken(), refreshToken: 'R1' });
    feedback.reset();
    resetPaging();
    dispatchFilters({ type: 'clear' });
    while (dialogs.store.getState().stack.length) dialogs.close();
  });
  afterEach(() => vi.unstubAllGlobals());

  const usersCalls = () =>
    fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/users/'));

  it('lists members with their columns and registers the drawer filters', async () => {
    renderApp('/users');
    expect(await screen.findByRole('gridcell', { name: 'ann.lee@acme.example' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('Office')).toBeTruthy();
    expect(screen.getByText('TOTP')).toBeTruthy();
    expect(screen.getByText('Not enrolled')).toBeTruthy();
    expect(filtersStore.getState().definitions.map((d) => d.key)).toEqual([
      'group',
      'enrolled',
      'blocked',
      'created',
      'credential_types',
    ]);
    expect(usersCalls()[0]?.searchParams.get('page_size')).toBe('25');
  });

  it('shows the empty state and sends the debounced search and applied filters', async () => {
    users = [];
    const user = userEvent.setup();
    renderApp('/users');
    expect(await screen.findByText('No users found', undefined, { timeout: 20_000 })).toBeTruthy();
    await user.type(screen.getByLabelText('Search users'), 'ann');
    await waitFor(() => expect(usersCalls().at(-1)?.searchParams.get('search')).toBe('ann'));
    dispatchFilters({ type: 'set', key: 'blocked', value: 'true' });
    dispatchFilters({ type: 'apply' });
    await waitFor(() => expect(usersCalls().at(-1)?.searchParams.get('blocked')).toBe('true'));
    expect(usersCalls().at(-1)?.searchParams.get('page')).toBe('1');
  });

  /** The users/count/ calls made. */
  const countCalls = () =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname.endsWith('/users/count/'));
  const pagination = () => document.querySelector('.MuiTablePagination-displayedRows')?.textContent;

  it('shows an estimated count as such, then the exact count fetched after the page, and pages on', async () => {
    const user = userEvent.setup();
    renderApp('/users');
    await screen.findByRole('gridcell', { name: 'ann.lee@acme.example' }, { timeout: 20_000 });
    expect(pagination()).toBe('1–1 of 1');
    await user.type(screen.getByLabelText('Search users'), 'ma');
    await waitFor(() => expect(pagination()).toBe('1–25 of about 237,000'));
    // The exact count of the same search, asked after the page; shown once it comes.
    await waitFor(() => expect(countCalls()).toHaveLength(1));
    expect(Object.fromEntries(countCalls()[0]?.searchParams ?? [])).toEqual({ search: 'ma' });
    act(() => exactCount.resolve(236_914));
    await waitFor(() => expect(pagination()).toBe('1–25 of 236,914'));

    // The next page's count is an estimate again: the exact one, already known, stays.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(usersCalls().at(-1)?.searchParams.get('page')).toBe('2'));
    await waitFor(() => expect(pagination()).toBe('26–50 of 236,914'));
    expect(countCalls()).toHaveLength(1);
  });

  it('says "circa" for an estimated count in Italian', async () => {
    const user = userEvent.setup();
    await act(() => switchLanguage('it'));
    try {
      renderApp('/users');
      await screen.findByRole('gridcell', { name: 'ann.lee@acme.example' }, { timeout: 20_000 });
      await user.type(screen.getByLabelText('Cerca utenti'), 'ma');
      await waitFor(() => expect(pagination()).toBe('1–25 di circa 237.000'));
      act(() => exactCount.resolve(236_914));
      await waitFor(() => expect(pagination()).toBe('1–25 di 236.914'));
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('keeps the applied filters across a language switch: they hold ids and codes, the labels follow', async () => {
    renderApp('/users');
    await screen.findByRole('gridcell', { name: 'ann.lee@acme.example' }, { timeout: 20_000 });
    act(() => {
      dispatchFilters({ type: 'set', key: 'group', value: ['none', 'g1'] });
      dispatchFilters({ type: 'set', key: 'credential_types', value: ['mail'] });
      dispatchFilters({ type: 'apply' });
    });
    await waitFor(() => expect(usersCalls().at(-1)?.searchParams.get('group')).toBe('none,g1'));
    const optionLabel = (key: string, value: string) => {
      const d = filtersStore.getState().definitions.find((f) => f.key === key);
      return d?.type === 'multiSearch' ? d.options?.find((o) => o.value === value)?.label : undefined;
    };
    expect(optionLabel('group', 'none')).toBe('No group');
    expect(optionLabel('credential_types', 'mail')).toBe('Mail code');
    try {
      await act(() => switchLanguage('it'));
      await waitFor(() => expect(optionLabel('group', 'none')).toBe('Nessun gruppo'));
      expect(optionLabel('credential_types', 'mail')).not.toBe('Mail code');
      expect(filtersStore.getState().applied).toEqual({ group: ['none', 'g1'], credential_types: ['mail'] });
      const last = usersCalls().at(-1)?.searchParams;
      expect(last?.get('group')).toBe('none,g1');
      expect(last?.get('credential_types')).toBe('mail');
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('opens the detail page with the blocked state, and offers only the allowed credential kinds', async () => {
    const user = userEvent.setup();
    renderApp('/users/m1');
    expect((await screen.findByTestId('member-title', undefined, { timeout: 20_000 })).textContent).toBe('Ann Lee');
    expect(within(screen.getByTestId('member-status')).getByText('Blocked by admin@acme.example')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    await user.click(await screen.findByRole('button', { name: 'Add credential' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 20_000 });
    await user.click(within(dialog).getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Mail code', 'Password', 'TOTP']);

    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Workstation' }));
    expect(await screen.findByText('This user has no identities, so autologon is not possible.')).toBeTruthy();
  });

  it('answers an unknown id with the not-found message', async () => {
    renderApp('/users/nope');
    expect(await screen.findByText('User not found.', undefined, { timeout: 20_000 })).toBeTruthy();
  });

  it('says a failed load of a member once, in the page, and Retry loads it', async () => {
    const user = userEvent.setup();
    failMember = true;
    renderApp('/users/m1');
    expect(await screen.findByText('Not allowed just now.', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getAllByText('Not allowed just now.')).toHaveLength(1);
    expect(feedback.store.getState().list).toEqual([]);
    failMember = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('member-title')).textContent).toBeTruthy();
    expect(screen.queryByText('Not allowed just now.')).toBeNull();
  });
});
