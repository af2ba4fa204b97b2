/**
 * What a member may set up in the enrolment portal: the kinds the customer's enroller settings
 * enable (ENROLLER_KINDS) that the member's configuration group allows, by the same rule the
 * credentials service applies when staff create one (allowedKinds).
 */
import { type CredentialType, type CustomerSettings, ENROLLER_KINDS } from '@portiere/contracts';
import { allowedKinds, type GroupRow } from '../members/allowed-kinds.ts';

export function enrollableKinds(enroller: CustomerSettings['enroller'], group: GroupRow | null): CredentialType[] {
  const enabled = new Set<CredentialType>(
    (Object.keys(ENROLLER_KINDS) as (keyof typeof ENROLLER_KINDS)[]).flatMap((switchName) =>
      enroller[switchName] ? ENROLLER_KINDS[switchName] : [],
    ),
  );
  return allowedKinds(group).filter((kind) => enabled.has(kind));
}

/** Kinds the portal confirms with one code; password, PIN, keys and certificates are set at once, apps on the device. */
export const CONFIRMED_BY_CODE: readonly CredentialType[] = ['totp', 'hotp', 'mail', 'sms'];
