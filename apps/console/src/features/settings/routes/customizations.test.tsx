import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';
import { settingsServer } from '../../../test/settingsFixtures';

const COLD = { timeout: 20_000 };
const messages = () => feedback.store.getState().list.map((f) => f.message);

/** The first bytes of a PNG: signature and IHDR with the size (all the checks read). */
function png(width: number, height: number, name = 'logo.png'): File {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return new File([b], name, { type: 'image/png' });
}

const SAVED_LOGO = '/api/v1/branding/c1/logo/logo/?v=0123456789ab';

describe('customizations page', { timeout: 60_000 }, () => {
  const server = settingsServer();
  let uploadAnswer: Response | null = null;
  const { calls, reset } = fakeApi((call) => {
    if (call.path === '/customers/c1/logo/upload/' && call.method === 'POST') {
      return uploadAnswer ?? jsonResponse(200, { logo_url: SAVED_LOGO, named_logo_url: '' });
    }
    return server.handle(call);
  });
  const uploads = () => calls.filter((c) => c.path.endsWith('/logo/upload/'));
  const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
  beforeEach(() => {
    server.reset();
    uploadAnswer = null;
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('changes the preview as a colour is edited, resets it to the default, and saves only the change', async () => {
    const user = userEvent.setup();
    renderApp('/customizations');
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' }, COLD);
    const button = screen.getByTestId('preview-login-button');
    expect(getComputedStyle(button).backgroundColor).toBe('rgb(0, 0, 0)');
    await user.clear(primary);
    await user.type(primary, '#1565C0');
    expect(getComputedStyle(button).backgroundColor).toBe('rgb(21, 101, 192)');
    expect(getComputedStyle(screen.getByTestId('preview-enrol-button')).backgroundColor).toBe('rgb(21, 101, 192)');
    // Readable text on the chosen colour.
    expect(getComputedStyle(button).color).toBe('rgb(255, 255, 255)');

    // The native picker writes the same field.
    const header = screen.getByLabelText('Header colour: colour picker') as HTMLInputElement;
    expect(header.type).toBe('color');
    fireEvent.input(header, { target: { value: '#ffa000' } });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Header colour' }) as HTMLInputElement).value).toBe('#FFA000'),
    );
    expect(getComputedStyle(screen.getByTestId('preview-header')).backgroundColor).toBe('rgb(255, 160, 0)');
    await user.click(screen.getByRole('button', { name: 'Reset Header colour to the default (#333333)' }));
    expect((screen.getByRole('textbox', { name: 'Header colour' }) as HTMLInputElement).value).toBe('#333333');

    await user.type(screen.getByRole('textbox', { name: 'Sign-in page text' }), 'Welcome to Acme');
    expect(screen.getByTestId('preview-login-text').textContent).toBe('Welcome to Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches()).toEqual([{ general: { primary_color: '#1565C0', login_page_text: 'Welcome to Acme' } }]),
    );
    await waitFor(() => expect(messages()).toContain('Settings saved.'));
  });

  it('checks a chosen logo in the browser: wrong size with both sizes, wrong type; no upload without a good file', async () => {
    const user = userEvent.setup();
    renderApp('/customizations');
    const upload = (await screen.findByRole('button', { name: 'Upload' }, COLD)) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    // Even a click that gets through makes no call.
    fireEvent.click(upload);
    expect(uploads()).toEqual([]);
    expect(
      screen.getByText('PNG, JPEG or SVG, at most 512 KB · at most 600 px wide · exactly 120 px high'),
    ).toBeTruthy();

    await user.upload(screen.getByLabelText('Named logo file'), png(300, 100, 'banner.png'));
    const named = screen.getByTestId('logo-picker-named_logo');
    expect(await within(named).findByText('Must be 120 pixels high; this image is 100.')).toBeTruthy();
    expect(upload.disabled).toBe(true);

    await user.upload(
      screen.getByLabelText('Logo file'),
      new File(['<html>not an image</html>'], 'logo.png', { type: 'image/png' }),
    );
    const logo = screen.getByTestId('logo-picker-logo');
    expect(await within(logo).findByText('Must be a PNG, JPEG or SVG image.')).toBeTruthy();
    expect(upload.disabled).toBe(true);
    expect(uploads()).toEqual([]);
  });

  it('shows a good logo in the preview at once, uploads it as multipart, then shows the saved one', async () => {
    const user = userEvent.setup();
    renderApp('/customizations');
    await user.upload(await screen.findByLabelText('Logo file', {}, COLD), png(256, 256));
    const preview = screen.getByTestId('branding-preview');
    await waitFor(() =>
      expect(within(preview).getByTestId('preview-login-logo').getAttribute('src')).toMatch(/^data:image\/png;base64,/),
    );
    expect(screen.getByTestId('chosen-logo').textContent).toBe('Chosen: logo.png (256 × 256 px)');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(messages()).toContain('Images uploaded.'));
    const [call] = uploads();
    const body = call?.body as FormData;
    expect([...body.keys()]).toEqual(['logo']);
    expect((body.get('logo') as File).name).toBe('logo.png');
    await waitFor(() => expect(within(preview).getByTestId('preview-login-logo').getAttribute('src')).toBe(SAVED_LOGO));
    expect(screen.getByTestId('saved-logo').getAttribute('src')).toBe(SAVED_LOGO);
    expect(screen.queryByTestId('chosen-logo')).toBeNull();
  });

  it('shows the server’s refusal under the file it concerns', async () => {
    uploadAnswer = jsonResponse(400, {
      reason: 'Error uploading images.',
      code: 'imagesUploaded',
      details: {
        named_logo: {
          key: 'imageUnsafeSvg',
          message: 'This SVG contains scripts, event handlers or external references.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/customizations');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect width="10" height="10"/></svg>';
    await user.upload(
      await screen.findByLabelText('Named logo file', {}, COLD),
      new File([svg], 'named.svg', { type: 'image/svg+xml' }),
    );
    await waitFor(() => expect(screen.getByTestId('chosen-named_logo')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(messages()).toContain('Error uploading images.'));
    const named = screen.getByTestId('logo-picker-named_logo');
    expect(within(named).getByText('This SVG contains scripts, event handlers or external references.')).toBeTruthy();
  });

  it('removes a saved logo after a confirmation', async () => {
    server.state.settings.general.logo_url = SAVED_LOGO;
    const user = userEvent.setup();
    renderApp('/customizations');
    const picker = await screen.findByTestId('logo-picker-logo', {}, COLD);
    await user.click(within(picker).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove' });
    expect(within(dialog).getByText('Do you really want to remove Logo?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(patches()).toEqual([{ general: { logo_url: '' } }]));
    await waitFor(() => expect(messages()).toContain('Logo removed.'));
    expect(within(picker).getByText('None set.')).toBeTruthy();
  });
});
