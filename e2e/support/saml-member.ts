/**
 * What the SAML specs share: a member with a password and a TOTP in a group, made through the
 * API, the sign-in page's labels in both languages, and passing that page.
 */
import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { type Api, ok } from './api.ts';
import { E2E_ORIGIN } from './ports.ts';

export const SIGN_IN_LANGUAGES = {
  en: { locale: 'en-US', username: 'Username', password: 'Password', totp: 'Code from your authenticator app' },
  it: { locale: 'it-IT', username: 'Nome utente', password: 'Password', totp: "Codice dell'app di autenticazione" },
} as const;

export interface SamlMember {
  id: string;
  username: string;
  password: string;
  totp: OTPAuth.TOTP;
}

/** A member of `groupId` named after `prefix`, with a password and a TOTP. */
export async function newSamlMember(
  api: Api,
  groupId: string,
  prefix: string,
  names: { first_name: string; last_name: string },
): Promise<SamlMember> {
  const username = `${prefix}.${Date.now().toString(36)}@acme.example`;
  const member = await ok(
    api.POST('/api/v1/users/', { body: { username, email: username, ...names, group_id: groupId } }),
  );
  const password = `Correct horse ${Date.now().toString(36)}`;
  const params = { path: { id: member.id } };
  await ok(api.POST('/api/v1/users/{id}/credentials/', { params, body: { type: 'password', value: password } }));
  const totp = await ok(api.POST('/api/v1/users/{id}/credentials/', { params, body: { type: 'totp' } }));
  if (!totp.enrollment?.otpauth_uri) throw new Error('no otpauth URI');
  return { id: member.id, username, password, totp: OTPAuth.URI.parse(totp.enrollment.otpauth_uri) as OTPAuth.TOTP };
}

type Labels = (typeof SIGN_IN_LANGUAGES)[keyof typeof SIGN_IN_LANGUAGES];

/**
 * On the branded sign-in page a SAML request led to: username, password, then the TOTP code.
 * Answers once the code is entered, which ends the sign-in.
 */
export async function passSignInPages(page: Page, member: SamlMember, L: Labels): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${E2E_ORIGIN}/signin/saml_[^/]+$`));
  await page.getByLabel(L.username, { exact: true }).fill(member.username);
  await page.getByLabel(L.username, { exact: true }).press('Enter');
  await page.getByLabel(L.password, { exact: true }).fill(member.password);
  await page.getByLabel(L.password, { exact: true }).press('Enter');
  await page.getByLabel(L.totp, { exact: true }).fill(member.totp.generate());
  await page.getByLabel(L.totp, { exact: true }).press('Enter');
}
