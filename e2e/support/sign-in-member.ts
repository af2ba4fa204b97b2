/**
 * The set-up the members' sign-in tests share, through the API as the operator: a configuration
 * group, a flow, an SPA whose app role gives the group that flow (redirecting to the test's
 * relying party), a member of the group with a password, and the enrolment link mailed to them.
 */

import { expect, type Page } from '@playwright/test';
import type { CredentialType } from '@portiere/contracts';
import { apiOf, ok } from './api.ts';
import { mailsTo } from './mailbox.ts';

export const MEMBER_PASSWORD = `Correct horse ${Date.now().toString(36)}`;

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

export interface SignInMemberOptions {
  /** Names the group, flow, application and member apart (a language, a case). */
  tag: string;
  /** What the flow asks, stage by stage. */
  stages: CredentialType[][];
  /** The relying party's redirect URI. */
  redirectUri: string;
  /** The group's fields beside its name and web login (its allowed kinds, app_credential_biometry). */
  group?: Record<string, unknown>;
  /** The member's first and last name (the username is made of them). */
  name?: [string, string];
}

export async function setUpSignInMember(page: Page, o: SignInMemberOptions) {
  const api = await apiOf(page);
  const [first, last] = o.name ?? ['Kim', 'Key'];
  const group = await ok(
    api.POST('/api/v1/groups/', {
      body: { name: unique(`Group_${o.tag}`), web_login_enabled: true, allowed: ['password'], ...o.group },
    }),
  );
  const flow = await ok(api.POST('/api/v1/flows/', { body: { name: unique(`Flow_${o.tag}`), stages: o.stages } }));
  const application = await ok(
    api.POST('/api/v1/applications/', {
      body: { name: unique(`App_${o.tag}`), type: 'spa', redirectUri: o.redirectUri },
    }),
  );
  await ok(
    api.POST('/api/v1/app-roles/', {
      body: { displayName: 'Staff', applicationId: application.id, groupId: group.id, flowId: flow.id },
    }),
  );
  const username = `${first}.${last}.${o.tag}.${Date.now().toString(36)}@acme.example`.toLowerCase();
  const member = await ok(
    api.POST('/api/v1/users/', {
      body: { username, email: username, first_name: first, last_name: last, group_id: group.id },
    }),
  );
  const path = { path: { id: member.id } };
  await ok(
    api.POST('/api/v1/users/{id}/credentials/', { params: path, body: { type: 'password', value: MEMBER_PASSWORD } }),
  );
  const before = (await mailsTo(username)).length;
  await ok(api.POST('/api/v1/users/{id}/send-enrollment/', { params: path }));
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(username)).slice(before).at(-1);
      link = /\/enroll\/[\w-]+\.[\w-]+\.[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return { api, application, member, link };
}
