/** The credential kinds a configuration group lets its members hold. */
import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import type { configurations } from '../../db/schema/index.ts';

/** Kinds a configuration group does not govern: always allowed. */
const UNGOVERNED: CredentialType[] = ['keypair', 'smartcard'];

export type GroupRow = typeof configurations.$inferSelect;

export function allowedKinds(group: GroupRow | null): CredentialType[] {
  if (!group) return [...CREDENTIAL_TYPES];
  const allowed = new Set<CredentialType>([...UNGOVERNED, ...(group.allowed as CredentialType[])]);
  if (allowed.has('app') && group.appCredentialBiometry !== 'none') allowed.add('app_biometry');
  return CREDENTIAL_TYPES.filter((t) => allowed.has(t));
}
