import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';
import { loginScript } from '../../../test/resellerFixtures';

const COLD = { timeout: 20_000 };

describe('downloads page', { timeout: 40_000 }, () => {
  let answer: () => Response = () => jsonResponse(500, {});
  const { calls, reset } = fakeApi(({ path }) => {
    if (path === '/downloads/') return answer();
    if (path === `/downloads/scripts/${loginScript.id}/`)
      return new Response('console.log(1);\n', {
        status: 200,
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': 'attachment; filename="login.js"',
        },
      });
    return undefined;
  });
  beforeEach(() => {
    reset();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says no client is configured and that the reseller uploaded no script yet', async () => {
    answer = () =>
      jsonResponse(200, {
        clients: { workstation: null, login_assistant: null },
        la_enabled: true,
        scripts: [],
        scripts_count: 0,
      });
    renderApp('/downloads');
    expect(await screen.findByTestId('no-clients', {}, COLD)).toBeTruthy();
    expect(
      screen.getByText(
        'No client download is configured for this deployment. Ask your provider where to get the clients.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Your reseller has not uploaded any script yet.')).toBeTruthy();
  });

  it('links the clients and downloads a script through the customer-user route', async () => {
    answer = () =>
      jsonResponse(200, {
        clients: { workstation: 'https://dl.example.com/ws.msi', login_assistant: 'https://dl.example.com/la.exe' },
        la_enabled: true,
        scripts: [loginScript],
        scripts_count: 101,
      });
    const user = userEvent.setup();
    renderApp('/downloads');
    const link = await screen.findByRole('link', { name: 'Download the Workstation client' }, COLD);
    expect(link.getAttribute('href')).toBe('https://dl.example.com/ws.msi');
    expect(screen.getByText('The 1 newest of 101 scripts are listed.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Login assistant scripts' });
    await user.click(within(table).getByRole('button', { name: `Download ${loginScript.name}` }));
    await waitFor(() => expect(calls.some((c) => c.path === `/downloads/scripts/${loginScript.id}/`)).toBe(true));
    expect(await screen.findByText('Downloaded login.js.')).toBeTruthy();
  });

  it('shows a failed load with Retry', async () => {
    answer = () => jsonResponse(500, { reason: 'Boom', code: '' });
    const user = userEvent.setup();
    renderApp('/downloads');
    expect(await screen.findByTestId('load-error', {}, COLD)).toBeTruthy();
    const before = calls.filter((c) => c.path === '/downloads/').length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/downloads/').length).toBeGreaterThan(before));
  });
});
