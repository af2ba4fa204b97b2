/** One stage of the web sign-in (StageStep.tsx): the pick between its kinds, and the recovery code standing in. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, ok } from '../../test/fakeApi';
import { renderAt } from '../../test/render';
import { done, RESUME, SIGNIN, stage, UID } from '../../test/signinFixtures';
import { serveStage as server, stubLocation } from '../../test/signinServer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const body = (c: Call) => c.body;

describe('a stage with several kinds', () => {
  it('lets the member pick one (the browser’s kinds only), focusing the pick first', async () => {
    server();
    const { user } = renderAt(`/signin/${UID}`);
    const picker = await screen.findByRole('group', { name: 'Choose how to sign in' });
    const options = within(picker).getAllByRole('radio');
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'Password',
      'Code by email',
      'Smartphone app',
      'Security key or passkey',
    ]);
    await vi.waitFor(() => expect(document.activeElement).toBe(options[0]));
    const password = () => screen.queryByLabelText('Password', { selector: 'input[type=password]' });
    expect(password()).toBeTruthy();
    // Picking another kind keeps the focus on the pick (arrow keys keep moving between kinds).
    await user.click(options[1] as HTMLInputElement);
    expect((options[1] as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(options[1]);
    expect(password()).toBeNull();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });
});

describe('the recovery code', () => {
  it('stands in on any stage, and the member can go back to the stage’s own kinds', async () => {
    const assign = stubLocation();
    const api = server(stage({ index: 0, count: 1, kinds: ['totp'] }), {
      [`POST ${SIGNIN}verify/`]: () => ok(done()),
    });
    const { user } = renderAt(`/signin/${UID}`);
    await screen.findByLabelText('Code from your authenticator app');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    await user.click(screen.getByRole('button', { name: 'Use another way to sign in' }));
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Code from your authenticator app')),
    );
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), ' RC-7HQ2-9KX4 {Enter}');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(RESUME));
    expect(api.of('POST', `${SIGNIN}verify/`).map(body)).toEqual([{ kind: 'recovery', value: 'RC-7HQ2-9KX4' }]);
  });

  it('is all a stage offers when its kinds need a workstation', async () => {
    server(stage({ index: 0, count: 1, kinds: ['smartcard'] }));
    renderAt(`/signin/${UID}`);
    await screen.findByText('This step cannot be done in a browser. Use a recovery code, or ask your administrator.');
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use another way to sign in' })).toBeNull();
  });
});
