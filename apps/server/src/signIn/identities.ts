/**
 * A member's identities at a workstation (spec sections 3 and 4): the Windows accounts the
 * session opens as. An identity is valid until its validTo; all of them end at the member's
 * identity_not_valid_after. A member with none may still sign in, but not by autologon.
 */
import type { Identity } from '@portiere/contracts';
import type { MemberRow } from '../modules/members/mapper.ts';

const passed = (at: string | Date | null | undefined, now: Date) =>
  at !== null && at !== undefined && new Date(at).getTime() <= now.getTime();

/** The member's first identity still valid at `now`, or null. */
export function validIdentity(member: MemberRow, now: Date): Identity | null {
  if (passed(member.identityNotValidAfter, now)) return null;
  return member.identities.find((i) => !passed(i.validTo, now)) ?? null;
}

/** The member had identities and none is valid any more: the workstation refuses them. */
export function identityExpired(member: MemberRow, now: Date): boolean {
  if (passed(member.identityNotValidAfter, now)) return true;
  return member.identities.length > 0 && validIdentity(member, now) === null;
}
