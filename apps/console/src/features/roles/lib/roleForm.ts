import { type Role, roleInputSchema } from '@portiere/contracts';

export interface RoleFormValues {
  name: string;
  description: string;
}

export const roleFormOf = (role: Role | null): RoleFormValues => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
});

/** The form over the contract: name required, name and description bounded, both trimmed. */
export const roleForm = { schema: roleInputSchema };
