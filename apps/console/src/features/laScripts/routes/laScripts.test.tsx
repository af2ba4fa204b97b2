import { SCRIPT_MAX_BYTES } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';
import { acmeCustomer, itemsOf, loginScript, pagedOf } from '../../../test/resellerFixtures';

const COLD = { timeout: 20_000 };
const BASE = '/customers/c1/scripts/';
const SCRIPT_TEXT = 'console.log("sign in");\n';

const messages = () => feedback.store.getState().list.map((f) => f.message);

describe('login-assistant scripts page', { timeout: 40_000 }, () => {
  const { calls, reset } = fakeApi(
    ({ path, method, body }) => {
      if (path === BASE && method === 'GET') return jsonResponse(200, itemsOf([loginScript]));
      if (path === BASE && method === 'POST') {
        const file = body.get('file') as File;
        return jsonResponse(201, { ...loginScript, id: 's2', name: file.name, version: body.get('version') });
      }
      if (path === `${BASE}s1/download/`)
        return new Response(SCRIPT_TEXT, {
          status: 200,
          headers: {
            'Content-Type': 'application/octet-stream',
            'Content-Disposition': `attachment; filename="login.js"; filename*=UTF-8''login.js`,
          },
        });
      if (path === `${BASE}s1/` && method === 'DELETE') return jsonResponse(204);
      if (path === '/customers/') return jsonResponse(200, pagedOf([acmeCustomer]));
      return undefined;
    },
    { reseller: true },
  );
  beforeEach(reset);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the scripts of a customer with the login assistant: name, version, size in KB, who uploaded them', async () => {
    renderApp('/customer-view/script/c1');
    expect(await screen.findByRole('gridcell', { name: 'login.js' }, COLD)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: '1.2.0' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: '3 KB' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'partner@northwind.example' })).toBeTruthy();
    expect(screen.getByTestId('scripts-customer').textContent).toBe('Scripts of Acme for its login assistants.');
  });

  it('sends a customer without the login assistant back to the customers, without asking for its scripts', async () => {
    const { router } = renderApp('/customer-view/script/c2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-view'), COLD);
    expect(await screen.findByRole('gridcell', { name: 'Acme' }, COLD)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/customers/c2/scripts/'))).toBe(false);
  });

  it('searches by name', async () => {
    const user = userEvent.setup();
    renderApp('/customer-view/script/c1');
    await user.type(await screen.findByRole('searchbox', { name: 'Search scripts' }, COLD), 'login');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === BASE)
          .at(-1)
          ?.url.searchParams.get('search'),
      ).toBe('login'),
    );
  });

  it('checks the type and size in the browser before sending anything', async () => {
    // The picker's accept list is a hint a user can override ("All files"): the check still runs.
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/customer-view/script/c1');
    await user.click(await screen.findByRole('button', { name: 'Upload script' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Upload script' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Version' }), '2.0');
    const input = within(dialog).getByLabelText('Script file');

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Choose a script file to upload.')).toBeTruthy();

    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    expect(
      within(dialog).getByText(
        'Scripts must be .js, .ps1, .vbs, .py, .json, .xml, .txt, .zip files, and text scripts plain UTF-8 text.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await user.upload(input, new File([new Uint8Array(SCRIPT_MAX_BYTES + 1)], 'big.js', { type: 'text/javascript' }));
    expect(within(dialog).getByText('The script is 2049 KB; at most 2048 KB is accepted.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a file and its version as multipart, not as JSON', async () => {
    const user = userEvent.setup();
    renderApp('/customer-view/script/c1');
    await user.click(await screen.findByRole('button', { name: 'Upload script' }, COLD));
    const dialog = await screen.findByRole('dialog', { name: 'Upload script' });
    await user.upload(
      within(dialog).getByLabelText('Script file'),
      new File([SCRIPT_TEXT], 'sso.ps1', { type: 'text/plain' }),
    );
    expect(within(dialog).getByTestId('script-file-name').textContent).toBe('sso.ps1 (1 KB)');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Version' }), ' 2.0 ');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(BASE);
    expect(post?.body).toBeInstanceOf(FormData);
    expect(post?.body.get('version')).toBe('2.0');
    const sent = post?.body.get('file') as File;
    expect(sent.name).toBe('sso.ps1');
    expect(await sent.text()).toBe(SCRIPT_TEXT);
    // The browser sets the multipart boundary itself: the client must not claim JSON.
    expect(post?.headers.get('content-type')).toBeNull();
    await waitFor(() => expect(messages()).toContain('Script sso.ps1 uploaded.'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload script' })).toBeNull());
  });

  it('downloads a script with the session’s token and saves it under its name', async () => {
    const user = userEvent.setup();
    const saved: { name: string; blob: Blob | undefined }[] = [];
    const blobs = new Map<string, Blob>();
    // jsdom saves no files: the object URL and the link's click are where the browser would.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (b: Blob) => {
      blobs.set('blob:script', b);
      return 'blob:script';
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
    });
    try {
      renderApp('/customer-view/script/c1');
      await user.click(await screen.findByRole('button', { name: 'Download login.js' }, COLD));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]?.name).toBe('login.js');
      expect(await saved[0]?.blob?.text()).toBe(SCRIPT_TEXT);
      const call = calls.find((c) => c.path === `${BASE}s1/download/`);
      expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('deletes a script after confirming', async () => {
    const user = userEvent.setup();
    renderApp('/customer-view/script/c1');
    await user.click(await screen.findByRole('button', { name: 'Delete login.js' }, COLD));
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(confirm).getByText('Do you really want to delete login.js?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `${BASE}s1/`)).toBe(true));
    await waitFor(() => expect(messages()).toContain('Deleted.'));
  });
});
