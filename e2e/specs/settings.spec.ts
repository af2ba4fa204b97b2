import { expect, type Page, test } from '@playwright/test';
import { EN, IT, signIn } from '../support/auth.ts';

/** The TOTP step outside its bounds is refused with the range message; inside, it is saved and survives a reload. */
async function totpStep(page: Page, words: { label: string; range: string; save: string; saved: string }) {
  await page.goto('/weblogin-settings');
  const step = page.getByRole('spinbutton', { name: words.label });
  await expect(step).toBeVisible();
  const target = (await step.inputValue()) === '45' ? '40' : '45';
  await step.fill('9');
  await page.getByRole('button', { name: words.save, exact: true }).click();
  await expect(page.getByText(words.range)).toBeVisible();
  await step.fill(target);
  await expect(page.getByText(words.range)).toBeHidden();
  await page.getByRole('button', { name: words.save, exact: true }).click();
  await expect(page.getByText(words.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: words.label })).toHaveValue(target);
}

test('Web settings: the TOTP step outside its bounds is refused, inside it is saved and survives a reload', async ({
  page,
}) => {
  await signIn(page, 'admin@globex.example', undefined, EN);
  await totpStep(page, {
    label: 'Time step (s)',
    range: 'Value must be between 10 and 60.',
    save: 'Save',
    saved: 'Settings saved.',
  });
  await expect(page.getByTestId('page-title')).toHaveText('Web');
});

test('General settings: a change is saved and survives a reload; the SMS token is never shown', async ({ page }) => {
  await signIn(page, 'admin@globex.example', undefined, EN);
  await page.goto('/general-settings');
  await expect(page.getByTestId('page-title')).toHaveText('General');
  await page.getByLabel('SMS sender').fill('GLOBEX');
  await page
    .getByRole('button', { name: 'Replace token' })
    .or(page.getByRole('button', { name: 'Add token' }))
    .click();
  await page.getByLabel('New API token').fill('gateway-token-1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('SMS sender')).toHaveValue('GLOBEX');
  await expect(page.getByTestId('sms-token-status')).toHaveText('A token is set.');
  await expect(page.getByText('gateway-token-1')).toHaveCount(0);
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('Web: the TOTP step outside its bounds is refused, inside it is saved and survives a reload', async ({
    page,
  }) => {
    await signIn(page, 'admin@acme.example', undefined, IT);
    await totpStep(page, {
      label: 'Intervallo (s)',
      range: 'Il valore deve essere compreso tra 10 e 60.',
      save: 'Salva',
      saved: 'Impostazioni salvate.',
    });
  });
});
