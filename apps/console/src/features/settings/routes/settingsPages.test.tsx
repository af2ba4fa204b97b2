import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { fakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { settingsServer } from '../../../test/settingsFixtures';

/** The first render of a lazy page chunk can be slow on a loaded machine. */
const COLD = { timeout: 20_000 };
const messages = () => feedback.store.getState().list.map((f) => f.message);

describe('settings pages', { timeout: 60_000 }, () => {
  const server = settingsServer();
  const { calls, reset } = fakeApi(server.handle);
  const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
  beforeEach(() => {
    server.reset();
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('Web: bounds come from the validators, a value outside them is refused before sending', async () => {
    server.state.validators['sca.totp_credential.time_step'] = { min: 15, max: 50 };
    const user = userEvent.setup();
    renderApp('/weblogin-settings');
    const step = (await screen.findByRole('spinbutton', { name: 'Time step (s)' }, COLD)) as HTMLInputElement;
    expect([step.min, step.max]).toEqual(['15', '50']);
    expect(screen.getByText('How long each code is valid. · Between 15 and 50')).toBeTruthy();
    await user.clear(step);
    await user.type(step, '55');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Value must be between 15 and 50.')).toBeTruthy();
    expect(messages()).toContain('Some fields are not valid.');
    expect(patches()).toEqual([]);
  });

  it('Web: saves only the changed fields of the changed sections, then says so', async () => {
    const user = userEvent.setup();
    renderApp('/weblogin-settings');
    const step = await screen.findByRole('spinbutton', { name: 'Time step (s)' }, COLD);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.clear(step);
    await user.type(step, '45');
    await user.click(screen.getByRole('switch', { name: 'Hardware tokens' }));
    await user.click(save);
    await waitFor(() =>
      expect(patches()).toEqual([{ sca: { totp_credential: { time_step: 45 } }, enroller: { token: false } }]),
    );
    await waitFor(() => expect(messages()).toContain('Settings saved.'));
    expect(save.disabled).toBe(true);
  });

  it('Web: the server’s refusal shows under its field, with the settings message', async () => {
    server.state.refuseNext = {
      status: 400,
      body: {
        reason: 'Error while saving settings.',
        code: 'savingSettings',
        details: {
          'sca.callback_url_successful_enroll': { key: 'url', message: 'This URL is not valid.' },
        },
      },
    };
    const user = userEvent.setup();
    renderApp('/weblogin-settings');
    const url = await screen.findByRole('textbox', { name: 'Address after a successful enrolment' }, COLD);
    await user.type(url, 'intranet.example/welcome');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages()).toContain('Error while saving settings.'));
    expect(await screen.findByText('This URL is not valid.')).toBeTruthy();
    expect(patches()).toEqual([{ sca: { callback_url_successful_enroll: 'intranet.example/welcome' } }]);
  });

  it('Web: the web login settings, token durations readable, saved in the general section', async () => {
    const user = userEvent.setup();
    renderApp('/weblogin-settings');
    const card = await screen.findByRole('region', { name: 'Web login settings' }, COLD);
    expect(within(card).getByText('= 1 h · Between 60 and 86400')).toBeTruthy();
    const refresh = within(card).getByRole('spinbutton', { name: 'OIDC refresh token duration (s)' });
    await user.clear(refresh);
    await user.type(refresh, '5400');
    expect(within(card).getByText('= 1 h 30 min · Between 60 and 2592000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([{ general: { oidc_refresh_token_duration: 5400 } }]));
  });

  it('asks before leaving a page with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/workstation-settings');
    const group = await screen.findByRole('textbox', { name: 'Active Directory group' }, COLD);
    expect(
      screen.getByText(
        'When set, only members of this group can use the CMS; when empty, any user with administrative rights can.',
      ),
    ).toBeTruthy();
    await user.type(group, 'CMS-Admins');
    void router.navigate('/general-settings');
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/workstation-settings');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([{ cms: { active_directory_group: 'CMS-Admins' } }]));
    // Saved: leaving asks nothing.
    await waitFor(() => expect(messages()).toContain('Settings saved.'));
    void router.navigate('/general-settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/general-settings'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Workstation: transport PIN and PUK lengths and defaults', async () => {
    const user = userEvent.setup();
    renderApp('/workstation-settings');
    const card = await screen.findByRole('region', { name: 'Smartcard transport PIN and PUK' }, COLD);
    const [pinLength, pukLength] = within(card).getAllByRole('spinbutton', { name: 'Length' }) as HTMLInputElement[];
    expect([pinLength?.value, pinLength?.min, pinLength?.max]).toEqual(['4', '4', '8']);
    expect([pukLength?.value, pukLength?.min, pukLength?.max]).toEqual(['8', '6', '12']);
    const [, pukDefault] = within(card).getAllByRole('textbox', { name: 'Default value' });
    await user.clear(pukDefault as HTMLElement);
    await user.type(pukDefault as HTMLElement, '12345678');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([{ cms: { transport_puk: { default: '12345678' } } }]));
  });

  it('General: languages by their own names, lengths from the validators', async () => {
    server.state.validators['general.address'] = { maxLength: 40 };
    const user = userEvent.setup();
    renderApp('/general-settings');
    const address = (await screen.findByRole('textbox', { name: 'Address' }, COLD)) as HTMLInputElement;
    expect(address.maxLength).toBe(40);
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['English', 'Français', 'Italiano']);
    await user.click(screen.getByRole('option', { name: 'Italiano' }));
    const message = screen.getByRole('textbox', { name: 'SMS message' });
    expect(screen.getByText(/Must contain \{otp\}, replaced by the one-time code\./)).toBeTruthy();
    await user.clear(message);
    await user.type(message, 'Your code');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The SMS message must include the {otp} placeholder.')).toBeTruthy();
    expect(patches()).toEqual([]);
    await user.type(message, ' {{otp}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([{ general: { language: 'it', sms_message: 'Your code {otp}' } }]));
  });

  it('General: the SMS gateway token is write-only: replaced or removed, never shown', async () => {
    server.state.settings.general.sms_api_token_set = true;
    const user = userEvent.setup();
    renderApp('/general-settings');
    const status = await screen.findByTestId('sms-token-status', {}, COLD);
    expect(status.textContent).toBe('A token is set.');
    await user.click(screen.getByRole('button', { name: 'Replace token' }));
    const token = screen.getByLabelText('New API token') as HTMLInputElement;
    expect(token.type).toBe('password');
    expect(token.value).toBe('');
    await user.type(token, 'gw-secret-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches()).toEqual([{ general: { sms_api_token: 'gw-secret-2' } }]));
    expect((await screen.findByTestId('sms-token-status')).textContent).toBe('A token is set.');

    await user.click(screen.getByRole('button', { name: 'Remove token' }));
    expect(screen.getByTestId('sms-token-status').textContent).toBe('The token will be removed when you save.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches().at(-1)).toEqual({ general: { sms_api_token: '' } }));
    await waitFor(() => expect(screen.getByTestId('sms-token-status').textContent).toBe('No token is set.'));
    expect(screen.queryByRole('button', { name: 'Remove token' })).toBeNull();
  });
});
