import { workstationKeyCreateSchema } from '@portiere/contracts';

/** For one machine (named) or for any machine of the fleet. */
export type KeyScope = 'machine' | 'fleet';
export interface IssueKeyValues {
  name: string;
  scope: KeyScope;
  machine: string;
}
export const emptyIssueKey: IssueKeyValues = { name: '', scope: 'machine', machine: '' };

/** The Issue key form over the contract's body: a fleet key names no machine. */
export const issueKeyForm = {
  schema: workstationKeyCreateSchema,
  toInput: (v: IssueKeyValues) => ({ name: v.name, machine: v.scope === 'machine' ? v.machine : null }),
};
