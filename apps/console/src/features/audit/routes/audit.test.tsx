import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { dispatchFilters, filtersStore } from '../../../components/filters/filtersStore';
import { resetPaging } from '../../../components/table/pagingStore';
import { setTokens } from '../../../lib/auth/tokenStorage';
import { switchLanguage } from '../../../lib/i18n/i18n';
import { fakeToken } from '../../../test/fakeToken';
import { memberDetail } from '../../../test/memberFixtures';
import { customerMe, customerToken, jsonResponse, renderApp } from '../../../test/renderApp';

const update = {
  id: 'e2',
  seq: 2,
  at: '2026-11-20T10:15:00.000Z',
  tenant_type: 'customer',
  tenant_id: 'c1',
  tenant_name: 'Acme',
  actor_type: 'staff',
  actor_id: 'u1',
  actor_name: 'admin@acme.example',
  source_ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 TestBrowser',
  action: 'member.update',
  target_type: 'member',
  target_id: 'm1',
  target_name: 'ann.lee@acme.example',
  outcome: 'success',
  reason: null,
  request_id: 'req-42',
  details: {
    before: { first_name: 'Ann', group: { id: 'g1' }, blocked: false },
    after: { first_name: 'Anna', group: null, blocked: true },
    bulk: 'block',
  },
};
const failedSignIn = {
  ...update,
  id: 'e1',
  seq: 1,
  at: '2026-11-19T08:00:00.000Z',
  actor_type: 'anonymous',
  actor_id: null,
  actor_name: null,
  action: 'sign_in.failure',
  target_type: 'staff_user',
  target_id: null,
  target_name: 'eve@acme.example',
  outcome: 'failure',
  reason: 'invalidCredentials',
  request_id: null,
  details: {},
};

const member = memberDetail({
  username: 'ann.lee@acme.example',
  first_name: 'Ann',
  last_name: 'Lee',
  full_name: 'Ann Lee',
  email: 'ann@mail.example',
  allowed_credential_types: ['mail'],
  issuable_credential_types: ['mail'],
});

const COLD = { timeout: 20_000 };

// The first test loads the data grid chunk cold, which takes seconds on a busy machine.
describe('audit page', { timeout: 30_000 }, () => {
  let events: unknown[] = [update, failedSignIn];
  let failList = false;
  let verify: unknown = { ok: true, chains: [] };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://x');
    const path = url.pathname;
    if (path.endsWith('/me/')) return jsonResponse(200, customerMe);
    if (path.endsWith('/audit/verify/')) return jsonResponse(200, verify);
    if (path.endsWith('/audit/export/')) {
      return new Response('at,action\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-acme.csv"' },
      });
    }
    if (path.endsWith('/audit/') && failList) return jsonResponse(403, { reason: 'Not allowed just now.', code: 'x' });
    if (path.endsWith('/audit/')) return jsonResponse(200, { count: events.length, next_page: null, results: events });
    if (path.endsWith('/users/m1/')) return jsonResponse(200, member);
    if (path.endsWith('/users/m1/credentials/')) return jsonResponse(200, []);
    return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    events = [update, failedSignIn];
    failList = false;
    verify = { ok: true, chains: [] };
    setTokens({ accessToken: customerToken(), refreshToken: 'R1' });
    feedback.reset();
    resetPaging();
    dispatchFilters({ type: 'clear' });
    while (dialogs.store.getState().stack.length) dialogs.close();
  });
  afterEach(() => vi.unstubAllGlobals());

  const auditCalls = () =>
    fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/audit/'));

  it('lists events with translated actions, targets and outcomes, and registers the drawer filters', async () => {
    renderApp('/settings/audit');
    expect(await screen.findByRole('gridcell', { name: 'User updated' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'admin@acme.example' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'User: ann.lee@acme.example' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Sign-in failed' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Anonymous' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Staff user: eve@acme.example' })).toBeTruthy();
    expect(screen.getByText('Failure')).toBeTruthy();
    expect(screen.getAllByRole('gridcell', { name: '203.0.113.7' })).toHaveLength(2);
    // A customer sees only its own trail: no tenant column.
    expect(screen.queryByRole('columnheader', { name: 'Tenant' })).toBeNull();
    expect(filtersStore.getState().definitions.map((d) => d.key)).toEqual([
      'actor',
      'action',
      'target_type',
      'outcome',
      'period',
    ]);
    expect(auditCalls()[0]?.searchParams.get('page_size')).toBe('25');
  });

  it('sends the applied filters as the list query, and shows the empty state', async () => {
    events = [];
    renderApp('/settings/audit');
    expect(await screen.findByText('No events', undefined, COLD)).toBeTruthy();
    act(() => {
      dispatchFilters({ type: 'set', key: 'actor', value: ' u1 ' });
      dispatchFilters({ type: 'set', key: 'action', value: ['member.update', 'sign_in.failure'] });
      dispatchFilters({ type: 'set', key: 'target_type', value: 'member' });
      dispatchFilters({ type: 'set', key: 'outcome', value: 'failure' });
      dispatchFilters({ type: 'set', key: 'from', value: '2026-11-01' });
      dispatchFilters({ type: 'set', key: 'to', value: '2026-11-30' });
      dispatchFilters({ type: 'apply' });
    });
    await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('action')).toBe('member.update,sign_in.failure'));
    const last = auditCalls().at(-1)?.searchParams;
    expect(last?.get('actor')).toBe('u1');
    expect(last?.get('target_type')).toBe('member');
    expect(last?.get('outcome')).toBe('failure');
    expect(last?.get('from')).toBe('2026-11-01');
    expect(last?.get('to')).toBe('2026-11-30');
    expect(last?.get('page')).toBe('1');
  });

  it('offers the actions by their label in the current language, holding the codes', async () => {
    renderApp('/settings/audit');
    await screen.findByRole('gridcell', { name: 'User updated' }, COLD);
    const actionLabel = (value: string) => {
      const d = filtersStore.getState().definitions.find((f) => f.key === 'action');
      return d?.type === 'multiSearch' ? d.options?.find((o) => o.value === value)?.label : undefined;
    };
    expect(actionLabel('member.block')).toBe('User blocked');
    try {
      await act(() => switchLanguage('it'));
      await waitFor(() => expect(actionLabel('member.block')).toBe('Utente bloccato'));
      expect(await screen.findByRole('gridcell', { name: 'Utente modificato' })).toBeTruthy();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('opens an event on click with its fields, the before/after table and the other details', async () => {
    const user = userEvent.setup();
    renderApp('/settings/audit');
    await user.click(await screen.findByRole('gridcell', { name: 'User updated' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Event' });
    expect(within(dialog).getByText('req-42')).toBeTruthy();
    expect(within(dialog).getByText('Mozilla/5.0 TestBrowser')).toBeTruthy();
    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    const rows = within(changes)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['first_name', 'Ann', 'Anna'],
      ['group', '{"id":"g1"}', 'null'],
      ['blocked', 'false', 'true'],
    ]);
    const details = within(dialog).getByRole('table', { name: 'Details' });
    expect(within(details).getByRole('rowheader', { name: 'bulk' })).toBeTruthy();
    expect(within(details).getByRole('cell', { name: 'block' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens an event with Enter on its row', async () => {
    const user = userEvent.setup();
    renderApp('/settings/audit');
    const cell = await screen.findByRole('gridcell', { name: 'Sign-in failed' }, COLD);
    act(() => cell.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Event' });
    expect(within(dialog).getByText('invalidCredentials')).toBeTruthy();
    expect(within(dialog).queryByRole('table', { name: 'Changes' })).toBeNull();
  });

  it('verifies the integrity: OK with the events checked, or which chain breaks where', async () => {
    const user = userEvent.setup();
    verify = {
      ok: true,
      chains: [
        {
          tenant_type: 'customer',
          tenant_id: 'c1',
          tenant_name: 'Acme',
          checked: 12,
          ok: true,
          first_broken_seq: null,
          first_broken_id: null,
        },
      ],
    };
    renderApp('/settings/audit');
    await screen.findByRole('gridcell', { name: 'User updated' }, COLD);
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect((await screen.findByTestId('audit-verify-status')).textContent).toBe(
      'Integrity verified: 12 events checked, no change found.',
    );
    verify = {
      ok: false,
      chains: [
        {
          tenant_type: 'customer',
          tenant_id: 'c1',
          tenant_name: 'Acme',
          checked: 12,
          ok: false,
          first_broken_seq: 7,
          first_broken_id: 'e7',
        },
      ],
    };
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    await waitFor(() =>
      expect(screen.getByTestId('audit-verify-status').textContent).toBe('The chain of Acme is broken at position 7.'),
    );
  });

  it('exports what the list filters, in the chosen format, under the server file name', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    // jsdom has no object URLs; the saved file is the anchor's download name.
    class FileURL extends URL {
      static createObjectURL = () => 'blob:audit';
      static revokeObjectURL = () => {};
    }
    vi.stubGlobal('URL', FileURL);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderApp('/settings/audit');
      await screen.findByRole('gridcell', { name: 'User updated' }, COLD);
      act(() => {
        dispatchFilters({ type: 'set', key: 'outcome', value: 'failure' });
        dispatchFilters({ type: 'apply' });
      });
      await waitFor(() => expect(auditCalls().at(-1)?.searchParams.get('outcome')).toBe('failure'));
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
      await waitFor(() => expect(saved).toEqual(['audit-acme.csv']));
      const exportCall = fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://x'))
        .find((u) => u.pathname.endsWith('/audit/export/'));
      expect(exportCall?.searchParams.get('format')).toBe('csv');
      expect(exportCall?.searchParams.get('outcome')).toBe('failure');
      expect(await screen.findByText('Data exported.')).toBeTruthy();
    } finally {
      click.mockRestore();
    }
  });

  it('says a failed load once, in the page, and Retry loads it', async () => {
    const user = userEvent.setup();
    failList = true;
    renderApp('/settings/audit');
    expect(await screen.findByText('Not allowed just now.', undefined, COLD)).toBeTruthy();
    failList = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('gridcell', { name: 'User updated' })).toBeTruthy();
  });

  it('shows a reseller the tenant of each event, at its own /audit page', async () => {
    setTokens({
      accessToken: fakeToken({
        user_type: 'ResellerUser',
        reseller_id: 'r1',
        user_username: 'partner@northwind.example',
        exp: Math.floor(Date.now() / 1000) + 900,
      }),
      refreshToken: 'R1',
    });
    renderApp('/audit');
    expect(await screen.findByRole('columnheader', { name: 'Tenant' }, COLD)).toBeTruthy();
    expect(await screen.findAllByRole('gridcell', { name: 'Acme' })).toHaveLength(2);
  });

  it("lists a member's events in the member's Activity tab", async () => {
    const user = userEvent.setup();
    renderApp('/users/m1');
    await user.click(await screen.findByRole('tab', { name: 'Activity' }, COLD));
    expect(await screen.findByRole('gridcell', { name: 'User updated' }, COLD)).toBeTruthy();
    const last = auditCalls().at(-1)?.searchParams;
    expect(last?.get('target_type')).toBe('member');
    expect(last?.get('target_id')).toBe('m1');
  });
});
