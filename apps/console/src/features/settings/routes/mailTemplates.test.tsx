import { SAMPLE_TAG_VALUES } from '@portiere/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../components/feedback/feedbackStore';
import { switchLanguage } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { jsonResponse, renderApp } from '../../../test/renderApp';
import { BUILT_IN, settingsServer } from '../../../test/settingsFixtures';

const COLD = { timeout: 20_000 };
const messages = () => feedback.store.getState().list.map((f) => f.message);
const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_m, tag: string) => SAMPLE_TAG_VALUES[tag] ?? '');

describe('mail templates page', { timeout: 60_000 }, () => {
  const server = settingsServer();
  let testAnswer: Response | null = null;
  const { calls, reset } = fakeApi((call) => {
    const m = /^\/customers\/c1\/mail-templates\/(\w+)\/(preview|test)\/$/.exec(call.path);
    if (m && call.method === 'POST') {
      if (m[2] === 'test') return testAnswer ?? jsonResponse(200, { sent_to: 'admin@acme.example' });
      const { subject, content } = call.body as { subject: string; content: string };
      return jsonResponse(200, { subject: fill(subject), text: fill(content), html: '<p>…</p>' });
    }
    return server.handle(call);
  });
  const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
  const posts = (action: string) => calls.filter((c) => c.method === 'POST' && c.path.endsWith(`/${action}/`));
  beforeEach(() => {
    server.reset();
    testAnswer = null;
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function openTemplate(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }, COLD));
    return {
      subject: screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement,
      content: screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement,
    };
  }

  it('lists the six templates by their names, each with its built-in text until customised', async () => {
    server.state.settings.general.send_pin = { subject: 'Your PIN', content: 'PIN: {pin}' };
    renderApp('/mail-templates');
    const tabs = await screen.findAllByRole('tab', {}, COLD);
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Recovery modeDefault',
      'Send smartcard PINCustomised',
      'Send OTPDefault',
      'Send enrollment linkDefault',
      'Send QR codeDefault',
      'Reset smartcard PINDefault',
    ]);
    expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe(
      BUILT_IN.recovery_mode.subject,
    );
    expect(screen.getByRole('button', { name: 'Insert {recovery_code}' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Insert {domain}' })).toBeTruthy();
  });

  it('names the built-in texts’ language in the console’s language', async () => {
    await switchLanguage('it');
    try {
      renderApp('/mail-templates');
      expect(
        await screen.findByText(/^I testi predefiniti sono in inglese, la lingua impostata in Generali\./, {}, COLD),
      ).toBeTruthy();
    } finally {
      await switchLanguage('en');
    }
  });

  it('refuses a draft without its mandatory tag before saving or previewing', async () => {
    const user = userEvent.setup();
    renderApp('/mail-templates');
    const { content } = await openTemplate(user, 'Send OTP');
    await user.clear(content);
    await user.type(content, 'Hello {{first_name}, no code here.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mandatory tag is missing: otp.')).toBeTruthy();
    // Said once, under the content, with the focus there: no general message laid over it.
    expect(document.activeElement).toBe(content);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(patches()).toEqual([]);
    expect(posts('preview')).toEqual([]);
    expect(posts('test')).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(messages()).toEqual([]);
  });

  it('says a refusal of the server under its field only', async () => {
    const user = userEvent.setup();
    renderApp('/mail-templates');
    const { subject } = await openTemplate(user, 'Send OTP');
    testAnswer = jsonResponse(400, {
      reason: 'Some fields are not valid.',
      code: 'validation',
      details: { subject: { key: 'maxLength', message: 'Must be at most 5 characters.', params: { max: 5 } } },
    });
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Must be at most 5 characters.')).toBeTruthy();
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(messages()).toEqual([]);
  });

  it('inserts a tag at the cursor and saves only that template', async () => {
    const user = userEvent.setup();
    renderApp('/mail-templates');
    const { subject, content } = await openTemplate(user, 'Send OTP');
    await user.clear(subject);
    await user.type(subject, 'Code for ');
    await user.click(screen.getByRole('button', { name: 'Insert {first_name}' }));
    expect(subject.value).toBe('Code for {first_name}');
    await user.clear(content);
    await user.type(content, 'Your code: .');
    content.setSelectionRange(11, 11);
    await user.click(screen.getByRole('button', { name: 'Insert {otp}' }));
    expect(content.value).toBe('Your code: {otp}.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches()).toEqual([
        { general: { send_otp: { subject: 'Code for {first_name}', content: 'Your code: {otp}.' } } },
      ]),
    );
    await waitFor(() => expect(messages()).toContain('Settings saved.'));
    expect((await screen.findByTestId('template-status')).textContent).toBe('Customised');
  });

  it('previews the draft with sample values in a dialog', async () => {
    const user = userEvent.setup();
    renderApp('/mail-templates');
    const { subject } = await openTemplate(user, 'Send enrollment link');
    await user.clear(subject);
    await user.type(subject, 'Welcome {{first_name}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview with sample values' });
    expect((await within(dialog).findByTestId('mail-preview-subject')).textContent).toBe('Welcome Jane');
    expect(within(dialog).getByTestId('mail-preview-text').textContent).toBe(
      `Hello Jane, here is ${SAMPLE_TAG_VALUES.enrollment_link}.`,
    );
    expect(posts('preview')[0]?.path).toBe('/customers/c1/mail-templates/send_enrollment_link/preview/');
  });

  it('resets a customised template to its default after a confirmation', async () => {
    server.state.settings.general.send_qrcode = { subject: 'QR', content: 'Code {confirmation_code}' };
    const user = userEvent.setup();
    renderApp('/mail-templates');
    const { content } = await openTemplate(user, 'Send QR code');
    expect(content.value).toBe('Code {confirmation_code}');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset to default' });
    expect(within(dialog).getByText('Do you really want to reset Send QR code to the default text?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(patches()).toEqual([{ general: { send_qrcode: { subject: '', content: '' } } }]));
    await waitFor(() => expect(content.value).toBe(BUILT_IN.send_qrcode.content));
    expect(screen.getByTestId('template-status').textContent).toBe('Default');
  });

  it('sends a test mail and says where, or why not', async () => {
    const user = userEvent.setup();
    renderApp('/mail-templates');
    await openTemplate(user, 'Recovery mode');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    await waitFor(() => expect(messages()).toContain('Test mail sent to admin@acme.example.'));
    expect(posts('test')[0]?.body).toEqual(BUILT_IN.recovery_mode);

    testAnswer = jsonResponse(422, {
      reason: 'Your account has no email address to send the test mail to.',
      code: 'staffHasNoEmail',
    });
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    await waitFor(() => expect(messages()).toContain('Your account has no email address to send the test mail to.'));
  });
});
