/**
 * The generated suites (tenancy, fuzz) run once per group of operations, each group its own test
 * file, so that the two cores share them instead of one core finishing two long files. Groups are
 * by OpenAPI tag (the area); `account` takes every tag not listed, so a new area is covered
 * before anyone places it.
 */
import { listOperations, type Operation } from './openapi-operations.ts';

const GROUPS = {
  people: ['members', 'credentials', 'temporaryCards', 'hardwareTokens', 'recovery', 'workstationUsers', 'enrollment'],
  integrations: ['configurations', 'roles', 'applications', 'flows', 'appRoles'],
  assistant: ['assistant', 'laApps', 'profiles', 'loginGroups', 'laUsers', 'laFlow'],
  account: [],
} as const satisfies Record<string, readonly string[]>;

export type OperationGroup = keyof typeof GROUPS;
export const OPERATION_GROUPS = Object.keys(GROUPS) as OperationGroup[];

const listed = new Set<string>(Object.values(GROUPS).flat());

/** The group of an operation: that of its first tag, else `account`. */
export function groupOf(op: Operation): OperationGroup {
  const tag = op.tags[0] ?? '';
  if (!listed.has(tag)) return 'account';
  return OPERATION_GROUPS.find((g) => (GROUPS[g] as readonly string[]).includes(tag)) ?? 'account';
}

/** Every operation, and the ones of `group`. */
export async function operationsOf(group: OperationGroup): Promise<{ all: Operation[]; mine: Operation[] }> {
  const all = await listOperations();
  return { all, mine: all.filter((op) => groupOf(op) === group) };
}
