import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

const IT = {
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  otpPrompt: 'Inserisci il codice inviato alla tua email',
  code: 'Codice',
  verify: 'Verifica',
};

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('the browser language opens the console in Italian, through sign-in and the menu', async ({ page }) => {
    const html = page.locator('html');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    // The document says it is Italian (WCAG 3.1.1) from the first screen on.
    await expect(html).toHaveAttribute('lang', 'it');
    await signIn(page, 'admin@acme.example', undefined, IT);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    await expect(html).toHaveAttribute('lang', 'it');
    const menu = page.getByTestId('side-menu');
    await menu.getByText('Utenti', { exact: true }).click();
    await menu.getByRole('link', { name: 'Membri' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('Membri');
    await expect(html).toHaveAttribute('lang', 'it');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page.getByRole('dialog').getByText('Vuoi davvero uscire?')).toBeVisible();
  });

  test('a wrong password shows the Italian error', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel(IT.username, { exact: true }).fill('admin@acme.example');
    await page.getByLabel(IT.password, { exact: true }).fill('sbagliata-davvero');
    await page.getByRole('button', { name: IT.signIn }).click();
    await expect(page.getByText('Accesso non riuscito.')).toBeVisible();
  });
});

test('the language switch in the avatar menu changes the console to Italian and back', async ({ page }) => {
  const html = page.locator('html');
  await signIn(page, 'admin@globex.example');
  await expect(html).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Italiano' }).click();
  await expect(page.getByTestId('side-menu').getByText('Impostazioni')).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'it');
  await page.reload();
  await expect(page.getByTestId('side-menu').getByText('Impostazioni')).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'it');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('side-menu').getByText('Settings', { exact: true })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');
});
