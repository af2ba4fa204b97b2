/**
 * The provider's accounts are members (findAccount). Claims: sub (the member's id) with the
 * sign-in's acr, amr and auth_time (signIn/factors.ts), name,
 * email, phone_number and `roles`, the display names of the member's app roles for the client's
 * application (the app role of the application and the member's configuration group).
 *
 * A member the client may not sign in is no account for it: another customer's member, a blocked
 * one, or one whose configuration group has no web login. The provider then asks for a sign-in
 * at the authorization endpoint, and refuses the member's codes and tokens everywhere else.
 */
import { and, eq } from 'drizzle-orm';
import type { Account, FindAccount, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { appRoles, configurations, members } from '../db/schema/index.ts';
import { isUuid } from '../lib/ids.ts';
import { portiereOf } from './clients.ts';

export const OIDC_CLAIMS = {
  // The library's standalone claims, and amr; openid puts the sign-in's own claims (how and
  // when the member signed in) in every ID token, not only when a request asks for them.
  acr: null,
  amr: null,
  auth_time: null,
  sid: null,
  iss: null,
  openid: ['sub', 'acr', 'amr', 'auth_time'],
  profile: ['name'],
  email: ['email'],
  phone: ['phone_number'],
  roles: ['roles'],
};

/** The display names of the member's app roles in an application. */
export async function rolesOf(db: Db, applicationId: string, groupId: string | null): Promise<string[]> {
  if (!groupId) return [];
  const rows = await db
    .select({ name: appRoles.displayName })
    .from(appRoles)
    .where(and(eq(appRoles.applicationId, applicationId), eq(appRoles.groupId, groupId)));
  return rows.map((r) => r.name);
}

export function findAccount(db: Db): FindAccount {
  return async (ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
    if (!isUuid(sub)) return undefined;
    const [row] = await db
      .select({ member: members, webLogin: configurations.webLoginEnabled })
      .from(members)
      .leftJoin(configurations, eq(configurations.id, members.groupId))
      .where(eq(members.id, sub));
    const client = portiereOf(ctx?.oidc?.client);
    if (!row || row.member.blocked || row.webLogin === false) return undefined;
    if (client && row.member.customerId !== client.customerId) return undefined;
    const m = row.member;
    return {
      accountId: m.id,
      claims: async () => {
        const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || m.username;
        return {
          sub: m.id,
          name,
          ...(m.email ? { email: m.email } : {}),
          ...(m.phoneNumber ? { phone_number: m.phoneNumber } : {}),
          roles: client ? await rolesOf(db, client.applicationId, m.groupId) : [],
        };
      },
    };
  };
}
