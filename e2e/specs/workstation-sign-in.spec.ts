/**
 * Workstation sign-in end to end, in English and Italian: the operator picks the workstation flow
 * in the settings and issues a key in the console (shown once), a workstation signs a member in
 * with it over HTTP (password, then an HOTP code, with offline material), and the member's
 * Workstation tab shows the sign-in by machine and the machine holding offline material, which
 * the operator revokes; the machine's next refill is then refused.
 */
import { expect, type Page, test } from '@playwright/test';
import { WORKSTATION_KEY_HEADER } from '@portiere/contracts';
import { HOTP, Secret } from 'otpauth';
import { apiOf, apiWith, customerIdOf, ok } from '../support/api.ts';
import { EN, IT, signIn } from '../support/auth.ts';
import { watchFeedback } from '../support/feedback.ts';

const PASSWORD = 'Corr3ct-Horse-Battery!';

const TEXTS = {
  en: {
    login: EN,
    settings: 'Workstation sign-in flow',
    save: 'Save',
    saved: 'Settings saved.',
    issue: 'Issue key',
    issueTitle: 'Issue a workstation key',
    name: 'Name',
    machine: 'Machine name',
    submit: 'Issue',
    shown: (name: string) => `Workstation key ${name}`,
    close: 'Close',
    yes: 'Yes',
    tab: 'Workstation',
    signIns: 'Sign-ins',
    offline: 'Offline sign-in',
    revokeOn: (machine: string) => `Revoke the offline material on ${machine}`,
    revoke: 'Revoke',
    confirm: 'Confirm',
    none: 'No machine holds offline sign-in material for this user.',
    revoked: (machine: string) => `Offline material on ${machine} revoked.`,
  },
  it: {
    login: IT,
    settings: 'Flusso di accesso alla postazione',
    save: 'Salva',
    saved: 'Impostazioni salvate.',
    issue: 'Emetti chiave',
    issueTitle: 'Emetti una chiave della postazione',
    name: 'Nome',
    machine: 'Nome del computer',
    submit: 'Emetti',
    shown: (name: string) => `Chiave della postazione ${name}`,
    close: 'Chiudi',
    yes: 'Sì',
    tab: 'Postazione',
    signIns: 'Accessi',
    offline: 'Accesso offline',
    revokeOn: (machine: string) => `Revoca il materiale offline su ${machine}`,
    revoke: 'Revoca',
    confirm: 'Conferma',
    none: 'Nessun computer conserva materiale per l’accesso offline di questo utente.',
    revoked: (machine: string) => `Materiale offline su ${machine} revocato.`,
  },
};

async function story(page: Page, lang: 'en' | 'it') {
  const x = TEXTS[lang];
  const tag = `${lang}${Date.now().toString(36)}`;
  const machine = `E2E-${tag}`.toUpperCase();
  await signIn(page, 'admin@acme.example', undefined, x.login);
  const api = await apiOf(page);

  // A flow of password then HOTP, and a member whose credentials serve for Windows login.
  const flow = await ok(
    api.POST('/api/v1/flows/', {
      body: { name: `Workstation ${tag}`, stages: [['password'], ['hotp']], terminatingCredentials: [] },
    }),
  );
  const member = await ok(
    api.POST('/api/v1/users/', { body: { username: `ws-${tag}@acme.example`, email: `ws-${tag}@acme.example` } }),
  );
  const path = { path: { id: member.id } };
  await ok(
    api.POST('/api/v1/users/{id}/credentials/', {
      params: path,
      body: { type: 'password', value: PASSWORD, windows_login: true },
    }),
  );
  const hotp = await ok(
    api.POST('/api/v1/users/{id}/credentials/', { params: path, body: { type: 'hotp', windows_login: true } }),
  );
  const token = new HOTP({ secret: Secret.fromBase32(hotp.enrollment?.secret ?? ''), digits: 6 });

  // The operator picks the workstation flow in the settings.
  await page.goto('/workstation-settings');
  // Records the messages of this page load.
  let feedback = await watchFeedback(page);
  await page.getByRole('combobox', { name: x.settings }).click();
  await page.getByRole('option', { name: `Workstation ${tag}` }).click();
  await page.getByRole('button', { name: x.save, exact: true }).click();
  await feedback.shown(x.saved);
  const settings = await ok(
    api.GET('/api/v1/customers/{id}/settings/', { params: { path: { id: await customerIdOf(api) } } }),
  );
  expect(settings.settings.workstation.flow_id).toBe(flow.id);

  // Issues a key for one machine; it is shown once.
  await page.goto('/workstation-keys');
  await page.getByRole('button', { name: x.issue }).click();
  const issue = page.getByRole('dialog', { name: x.issueTitle });
  await issue.getByLabel(x.name, { exact: true }).fill(`Reception ${tag}`);
  await issue.getByLabel(x.machine, { exact: true }).fill(machine);
  await issue.getByRole('button', { name: x.submit }).click();
  const shown = page.getByRole('dialog', { name: x.shown(`Reception ${tag}`) });
  const key = await shown.getByTestId('workstation-key').inputValue();
  expect(key).toMatch(/^pwk_/);
  await shown.getByRole('button', { name: x.close }).click();
  await page.getByRole('button', { name: x.yes }).click();
  await expect(page.getByTestId('workstation-key')).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: machine })).toBeVisible();

  // The workstation signs the member in with it, and takes offline material.
  const ws = apiWith({});
  const header = { [WORKSTATION_KEY_HEADER]: key };
  const started = await ok(
    ws.POST('/api/v1/workstation/sign-ins/', { params: { header }, body: { username: member.username } }),
  );
  const id = { header, path: { id: started.id } };
  const next = await ok(
    ws.POST('/api/v1/workstation/sign-ins/{id}/verify/', { params: id, body: { kind: 'password', value: PASSWORD } }),
  );
  expect(next).toMatchObject({ done: false, stage: { index: 1, kinds: ['hotp'] } });
  const done = await ok(
    ws.POST('/api/v1/workstation/sign-ins/{id}/verify/', {
      params: id,
      body: { kind: 'hotp', value: token.generate({ counter: 0 }), offline: true },
    }),
  );
  if (!done.done) throw new Error('the sign-in did not end');
  expect(done.session.username).toBe(member.username);
  const material = done.offline;
  expect(material?.values).toHaveLength(20);

  // The member's Workstation tab: the sign-in at the machine, and the machine holding offline codes.
  await page.goto(`/users/${member.id}`);
  feedback = await watchFeedback(page);
  await page.getByRole('tab', { name: x.tab }).click();
  const signIns = page.getByRole('region', { name: x.signIns });
  await expect(signIns.getByRole('gridcell', { name: machine, exact: true })).toBeVisible();
  const offline = page.getByRole('region', { name: x.offline });
  await expect(offline.getByRole('cell', { name: machine, exact: true })).toBeVisible();
  await offline.getByRole('button', { name: x.revokeOn(machine) }).click();
  const confirm = page.getByRole('dialog', { name: x.revoke });
  await confirm.getByRole('button', { name: x.confirm }).click();
  await feedback.shown(x.revoked(machine));
  await expect(offline.getByText(x.none)).toBeVisible();

  // At its next contact the machine learns that its material is gone.
  const refill = await ws.POST('/api/v1/workstation/offline/refill/', {
    params: { header },
    body: { refill_token: material?.refill_token ?? '', used: null },
  });
  expect(refill.response.status).toBe(404);
  expect((refill.error as { code?: string }).code).toBe('workstationOfflineGone');
}

test('workstation sign-in: an operator sets it up, a workstation signs a member in, the operator revokes offline use', async ({
  page,
}) => {
  test.slow();
  await story(page, 'en');
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });
  test('accesso alla postazione: configurazione, accesso di un utente, revoca dell’accesso offline', async ({
    page,
  }) => {
    test.slow();
    await story(page, 'it');
  });
});
