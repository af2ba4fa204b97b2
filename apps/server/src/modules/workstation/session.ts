/**
 * What a passed workstation sign-in gives the client to open the Windows session: the member's
 * valid identity, and autologon only where the member's autologon is on and they have a valid
 * identity (spec section 4: a user with no identities cannot use autologon).
 */
import type { WorkstationSession } from '@portiere/contracts';
import { validIdentity } from '../../signIn/identities.ts';
import type { AuthFacts } from '../../signIn/outcome.ts';
import type { MemberRow } from '../members/mapper.ts';

export function sessionOf(member: MemberRow, facts: AuthFacts, now: Date): WorkstationSession {
  const identity = validIdentity(member, now);
  return {
    member_id: member.id,
    username: member.username,
    full_name: [member.firstName, member.lastName].filter(Boolean).join(' '),
    identity: identity
      ? {
          subject: identity.subject,
          issuer: identity.issuer,
          valid_to: identity.validTo,
          microsoft_identity: identity.microsoft_identity,
        }
      : null,
    autologon: member.autologon && identity !== null,
    amr: facts.amr,
  };
}
