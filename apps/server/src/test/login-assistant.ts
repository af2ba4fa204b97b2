/**
 * Login-assistant objects made through the API, for tests of login groups and of the routes
 * that need them: a login group, an app, a member's credential in a group, a group's counters.
 */
import { call, createMember, type Harness, post } from './harness.ts';

/** A short random tag, so names made by several tests never clash. */
export const unique = () => Math.random().toString(36).slice(2, 8);

export async function createLoginGroup(h: Harness, token: string, name = `LG ${unique()}`) {
  return (await post(h.app, 'login-groups/', { name, description: 'Finance desks' }, token)).body;
}

export async function createLaApp(h: Harness, token: string) {
  return (await post(h.app, 'la-apps/', { name: `App_${unique()}`, kind: 'desktop', target: 'a.exe' }, token)).body;
}

/** A new member's credential in the login group, username `u`. */
export async function createLaCredential(h: Harness, token: string, loginGroupId: string) {
  const member = await createMember(h, token);
  return (
    await post(h.app, 'la-users/', { memberId: member.id, loginGroupId, username: 'u', password: 'Secret-1' }, token)
  ).body;
}

/** The login group's credentials and applications counters, as its detail answers them. */
export async function loginGroupCounts(h: Harness, token: string, id: string) {
  const g = (await call(h.app, 'GET', `login-groups/${id}/`, token)).body;
  return { credentials: g.credentials_count, applications: g.applications_count };
}
