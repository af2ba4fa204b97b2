import type { FilterDefinitionOf, FilterOption } from '../../../components/filters/filterTypes';
import type { WorkstationUserQuery } from '../api/workstationUsersApi';

/**
 * The drawer of the workstation users list: plain yes/no filters (ticked: only the users with
 * autologon, in recovery mode, with a temporary card) and one configuration.
 */
export const workstationUserFilterDefinitions = (
  groups: FilterOption[],
): FilterDefinitionOf<WorkstationUserQuery>[] => [
  { type: 'boolean', key: 'autologon', label: 'workstationUsers.filters.autologon' },
  { type: 'boolean', key: 'recovery_mode', label: 'workstationUsers.filters.recoveryMode' },
  { type: 'boolean', key: 'temporary_card', label: 'workstationUsers.filters.temporaryCard' },
  { type: 'select', key: 'group', label: 'workstationUsers.filters.group', options: groups },
];
