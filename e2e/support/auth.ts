import { expect, type Page } from '@playwright/test';
import { mailsTo, waitForOtp } from './mailbox.ts';

export const DEMO_PASSWORD = 'Portiere!demo1';

/** Fills the credentials step and submits it. */
export async function submitCredentials(page: Page, username: string, password: string, labels = EN) {
  await page.getByLabel(labels.username, { exact: true }).fill(username);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.signIn }).click();
}

/** The whole sign-in: credentials, then the code read from the real SMTP sink. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, labels = EN) {
  await page.goto('/');
  const since = (await mailsTo(username)).length;
  await submitCredentials(page, username, password, labels);
  await expect(page.getByText(labels.otpPrompt)).toBeVisible();
  const code = await waitForOtp(username, since);
  await page.getByLabel(labels.code, { exact: true }).fill(code);
  await page.getByRole('button', { name: labels.verify }).click();
  // Signed in once the console has left the login form for its home page.
  await expect(page).toHaveURL(/\/(dashboard|customer-view)$/);
}

export const EN = {
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  otpPrompt: 'Enter the code sent to your email',
  code: 'Code',
  verify: 'Verify',
};

/** The sign-in form's labels in Italian (a browser with locale it-IT). */
export const IT = {
  username: 'Nome utente',
  password: 'Password',
  signIn: 'Accedi',
  otpPrompt: 'Inserisci il codice inviato alla tua email',
  code: 'Codice',
  verify: 'Verifica',
};
