import os from 'node:os';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../support/ports.ts';

/** The first non-internal IPv4 address of this machine: what a new user types on a VM. */
function machineAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

test("the console works over plain http at the machine's own address", async ({ page }) => {
  // Without a non-loopback address (a sandbox), the same checks run on loopback and the report says so.
  const address = machineAddress() ?? '127.0.0.1';
  const url = `http://${address}:${E2E_PORT}/`;
  test.info().annotations.push({
    type: 'address',
    description: machineAddress() ? url : `${url} (this machine has no non-loopback IPv4 address)`,
  });
  const answer = await page.goto(url);
  expect(answer?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(answer?.headers()['strict-transport-security']).toBeUndefined();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill('admin@acme.example');
  await expect(page.getByLabel('Username')).toHaveValue('admin@acme.example');
});
