/**
 * RADIUS end to end, in English and Italian: the operator gives a group's app role on a RADIUS
 * application an attribute and registers a RADIUS client in the console (its shared secret shown
 * once); Debian's radclient, as the device, signs the member in with that secret (password with
 * the TOTP code appended) and receives the attribute; the member's Web tab lists the RADIUS
 * sign-in by the client's name.
 */
import { spawn } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { RADIUS } from '../../scripts/ensure-radius.mjs';
import { apiOf, ok } from '../support/api.ts';
import { EN, IT, signIn } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { RADIUS_PORT } from '../support/ports.ts';

const PASSWORD = 'Corr3ct-Horse-Battery!';

const TEXTS = {
  en: {
    login: EN,
    newRole: 'New app role',
    displayName: 'Display name',
    application: 'Application',
    group: 'Configuration group',
    flow: 'Flow',
    attributes: 'RADIUS attributes',
    addAttribute: 'Add attribute',
    value: 'Value 1',
    save: 'Save',
    register: 'Register client',
    registerTitle: 'Register a RADIUS client',
    name: 'Name',
    address: 'Address or range',
    radiusApplication: 'RADIUS application',
    submit: 'Register',
    shown: (name: string) => `Shared secret of ${name}`,
    close: 'Close',
    yes: 'Yes',
    tab: 'Web',
    signIns: 'RADIUS sign-ins',
  },
  it: {
    login: IT,
    newRole: 'Nuovo ruolo app',
    displayName: 'Nome visualizzato',
    application: 'Applicazione',
    group: 'Gruppo di configurazione',
    flow: 'Flusso',
    attributes: 'Attributi RADIUS',
    addAttribute: 'Aggiungi attributo',
    value: 'Valore 1',
    save: 'Salva',
    register: 'Registra client',
    registerTitle: 'Registra un client RADIUS',
    name: 'Nome',
    address: 'Indirizzo o intervallo',
    radiusApplication: 'Applicazione RADIUS',
    submit: 'Registra',
    shown: (name: string) => `Secret condiviso di ${name}`,
    close: 'Chiudi',
    yes: 'Sì',
    tab: 'Web',
    signIns: 'Accessi RADIUS',
  },
};

/** One Access-Request by radclient, as the VPN gateway sends it; its reply code and attributes. */
function radclient(secret: string, username: string, password: string) {
  const input = [`User-Name = "${username}"`, `User-Password = "${password}"`, 'Message-Authenticator = 0x00'];
  return new Promise<{ code: string | null; output: string }>((resolve, reject) => {
    const child = spawn(RADIUS.radclient, ['-x', '-r', '1', '-t', '5', `127.0.0.1:${RADIUS_PORT}`, 'auth', secret]);
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve({ code: /Received (Access-\w+)/.exec(output)?.[1] ?? null, output }));
    child.stdin.end(`${input.join('\n')}\n`);
  });
}

async function story(page: Page, lang: 'en' | 'it') {
  const x = TEXTS[lang];
  const tag = `${lang}${Date.now().toString(36)}`;
  await signIn(page, 'admin@acme.example', undefined, x.login);
  const api = await apiOf(page);

  // A group whose members sign in with password then TOTP, a member of it, a RADIUS application.
  const group = await ok(api.POST('/api/v1/groups/', { body: { name: `Vpn ${tag}`, allowed: ['password', 'totp'] } }));
  await ok(
    api.POST('/api/v1/flows/', {
      body: { name: `Vpn flow ${tag}`, stages: [['password'], ['totp']], terminatingCredentials: [] },
    }),
  );
  await ok(api.POST('/api/v1/applications/', { body: { name: `Vpn_${tag}`, type: 'radius' } }));
  const member = await ok(
    api.POST('/api/v1/users/', {
      body: { username: `vpn-${tag}@acme.example`, email: `vpn-${tag}@acme.example`, group_id: group.id },
    }),
  );
  const path = { path: { id: member.id } };
  await ok(api.POST('/api/v1/users/{id}/credentials/', { params: path, body: { type: 'password', value: PASSWORD } }));
  const totp = await ok(api.POST('/api/v1/users/{id}/credentials/', { params: path, body: { type: 'totp' } }));
  const code = new TOTP({ secret: Secret.fromBase32(totp.enrollment?.secret ?? ''), digits: 6 });

  // The group's app role on the RADIUS application, with a Class for the VPN's policy.
  await page.goto('/appRoles');
  await page.getByRole('button', { name: x.newRole }).click();
  const role = page.getByRole('dialog', { name: x.newRole });
  await role.getByRole('textbox', { name: x.displayName }).fill(`Vpn staff ${tag}`);
  for (const [field, option] of [
    [x.application, `Vpn_${tag}`],
    [x.group, `Vpn ${tag}`],
    [x.flow, `Vpn flow ${tag}`],
  ] as const) {
    await role.getByRole('combobox', { name: field, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  const attributes = role.getByRole('group', { name: x.attributes });
  await attributes.getByRole('button', { name: x.addAttribute }).click();
  await attributes.getByRole('textbox', { name: x.value }).fill(`staff-${tag}`);
  await expectNoAxeViolations(page, `the app role form with RADIUS attributes (${lang})`);
  await role.getByRole('button', { name: x.save }).click();
  await expect(page.getByRole('gridcell', { name: `Vpn staff ${tag}`, exact: true })).toBeVisible();

  // The device, registered in the console; its secret is shown once.
  await page.goto('/radius-clients');
  await page.getByRole('button', { name: x.register }).click();
  const form = page.getByRole('dialog', { name: x.registerTitle });
  await form.getByRole('textbox', { name: x.name, exact: true }).fill(`Gateway ${tag}`);
  await form.getByRole('textbox', { name: x.address }).fill('127.0.0.1');
  await form.getByRole('combobox', { name: x.radiusApplication }).click();
  await page.getByRole('option', { name: `Vpn_${tag}`, exact: true }).click();
  await form.getByRole('button', { name: x.submit, exact: true }).click();
  const shown = page.getByRole('dialog', { name: x.shown(`Gateway ${tag}`) });
  const secret = await shown.getByTestId('radius-secret').inputValue();
  expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
  await expectNoAxeViolations(page, `the RADIUS client's secret (${lang})`);
  await shown.getByRole('button', { name: x.close }).click();
  await page.getByRole('button', { name: x.yes }).click();
  await expect(page.getByTestId('radius-secret')).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: `Gateway ${tag}`, exact: true })).toBeVisible();

  // The VPN gateway signs the member in: password and code together; the Class comes back.
  const reply = await radclient(secret, member.username, `${PASSWORD}${code.generate()}`);
  expect(reply.code, reply.output).toBe('Access-Accept');
  expect(reply.output).toContain(`Class = 0x${Buffer.from(`staff-${tag}`).toString('hex')}`);

  // The member's Web tab lists the RADIUS sign-in by the device's name.
  await page.goto(`/users/${member.id}`);
  await page.getByRole('tab', { name: x.tab, exact: true }).click();
  const signIns = page.getByRole('region', { name: x.signIns });
  await expect(signIns.getByRole('gridcell', { name: `Gateway ${tag}`, exact: true })).toBeVisible();
  await expect(signIns.getByRole('gridcell', { name: `Vpn_${tag}`, exact: true })).toBeVisible();
}

test('RADIUS: an operator sets up a VPN, the VPN signs a member in, the member detail shows it', async ({ page }) => {
  test.slow();
  await story(page, 'en');
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });
  test('RADIUS: configurazione di una VPN, accesso di un utente, accesso mostrato nel dettaglio', async ({ page }) => {
    test.slow();
    await story(page, 'it');
  });
});
