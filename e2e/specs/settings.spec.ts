import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

test('general settings: a bound is refused with its message, a valid change is saved and survives a reload', async ({
  page,
}) => {
  await signIn(page, 'admin@globex.example');
  await page.goto('/general-settings');
  await expect(page.getByTestId('page-title')).toHaveText('General');
  const step = page.getByLabel('Time step (s)');
  await expect(step).toHaveValue('30');
  await step.fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Value must be between 10 and 60.').first()).toBeVisible();
  await step.fill('45');
  await page.getByLabel('SMS sender').fill('GLOBEX');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Time step (s)')).toHaveValue('45');
  await expect(page.getByLabel('SMS sender')).toHaveValue('GLOBEX');
});
