import { expect, type Page, test } from '@playwright/test';
import { EN, IT, signIn } from '../support/auth.ts';
import { png } from '../support/png.ts';

interface Words {
  namedLogoFile: string;
  logoFile: string;
  wrongHeight: string;
  upload: string;
  clear: string;
  uploaded: string;
  primary: string;
  save: string;
  saved: string;
}

/**
 * The customisation page in the browser against the real server: a named logo of the wrong size
 * is refused with both sizes, a good logo shows in the preview before and after its upload, and
 * the preview takes a new primary colour as it is typed.
 */
async function customise(page: Page, w: Words) {
  await page.goto('/customizations');
  const preview = page.getByTestId('branding-preview');

  await page
    .getByLabel(w.namedLogoFile, { exact: true })
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(300, 100) });
  await expect(page.getByTestId('logo-picker-named_logo').getByText(w.wrongHeight)).toBeVisible();
  await expect(page.getByRole('button', { name: w.upload, exact: true })).toBeDisabled();
  await page.getByTestId('logo-picker-named_logo').getByRole('button', { name: w.clear, exact: true }).click();

  await page
    .getByLabel(w.logoFile, { exact: true })
    .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: png(64, 64) });
  const loginLogo = preview.getByTestId('preview-login-logo');
  await expect(loginLogo).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByRole('button', { name: w.upload, exact: true }).click();
  await expect(page.getByText(w.uploaded)).toBeVisible();
  // Now the saved image, served by the server to the members' pages, and it loads.
  await expect(loginLogo).toHaveAttribute('src', /^\/api\/v1\/branding\/[^/]+\/logo\/logo\/\?v=[0-9a-f]{12}$/);
  await expect.poll(() => loginLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

  const button = preview.getByTestId('preview-login-button');
  await expect(button).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await page.getByRole('textbox', { name: w.primary, exact: true }).fill('#1565C0');
  await expect(button).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await expect(preview.getByTestId('preview-enrol-button')).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await page.getByRole('button', { name: w.save, exact: true }).click();
  await expect(page.getByText(w.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('preview-login-button')).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await expect(page.getByTestId('preview-login-logo')).toHaveAttribute('src', /^\/api\/v1\/branding\//);
}

test('customizations: logo checks with both sizes, the uploaded logo and a new colour in the preview', async ({
  page,
}) => {
  await signIn(page, 'admin@globex.example', undefined, EN);
  await customise(page, {
    namedLogoFile: 'Named logo file',
    logoFile: 'Logo file',
    wrongHeight: 'Must be 120 pixels high; this image is 100.',
    upload: 'Upload',
    clear: 'Clear',
    uploaded: 'Images uploaded.',
    primary: 'Primary colour',
    save: 'Save',
    saved: 'Settings saved.',
  });
});

test.describe('in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('personalizzazioni: logo di misura sbagliata, logo caricato e nuovo colore in anteprima', async ({ page }) => {
    await signIn(page, 'admin@acme.example', undefined, IT);
    await customise(page, {
      namedLogoFile: 'File Logo con nome',
      logoFile: 'File Logo',
      wrongHeight: 'Deve essere alto 120 pixel; questa immagine è alta 100.',
      upload: 'Carica',
      clear: 'Annulla scelta',
      uploaded: 'Immagini caricate.',
      primary: 'Colore primario',
      save: 'Salva',
      saved: 'Impostazioni salvate.',
    });
  });
});
