import type { FilterDefinition, FilterOption } from '../../../components/filters/filterTypes';

/**
 * The drawer of the workstation users list: plain yes/no filters (ticked: only the users with
 * autologon, in recovery mode, with a temporary card) and one configuration.
 */
export const workstationUserFilterDefinitions = (groups: FilterOption[]): FilterDefinition[] => [
  { type: 'boolean', key: 'autologon', label: 'workstationUsers.filters.autologon' },
  { type: 'boolean', key: 'recovery_mode', label: 'workstationUsers.filters.recoveryMode' },
  { type: 'boolean', key: 'temporary_card', label: 'workstationUsers.filters.temporaryCard' },
  { type: 'select', key: 'group', label: 'workstationUsers.filters.group', options: groups },
];
