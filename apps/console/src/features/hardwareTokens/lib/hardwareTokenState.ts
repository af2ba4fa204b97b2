import { HARDWARE_TOKEN_STATES, type HardwareTokenState } from '@portiere/contracts';
import type { FilterDefinition, FilterValues } from '../../../components/filters/filterTypes';
import type { HardwareTokenListQuery } from '../api/hardwareTokensApi';

/** Chip colour per state. */
export const STATE_COLORS: Record<HardwareTokenState, 'success' | 'default' | 'error'> = {
  stock: 'default',
  assigned: 'success',
  retired: 'error',
};

/** Translation key of a state label. */
export const stateLabelKey = (state: HardwareTokenState) => `hardwareTokens.state.${state}` as const;

/** The drawer's state filter: one check box per state, keys `state_<state>`. */
export const hardwareTokenFilterDefinitions: FilterDefinition[] = [
  {
    type: 'group',
    key: 'state',
    label: 'hardwareTokens.columns.state',
    children: HARDWARE_TOKEN_STATES.map((s) => ({
      type: 'boolean' as const,
      key: `state_${s}`,
      label: stateLabelKey(s),
    })),
  },
];

/** The state parameter: the ticked states; none ticked means every token. */
export function hardwareTokenStateParam(applied: FilterValues): HardwareTokenState[] | undefined {
  const states = HARDWARE_TOKEN_STATES.filter((s) => applied[`state_${s}`] === true);
  return states.length ? states : undefined;
}

/** The hardware-tokens/ query: the ticked states and the serial search box. */
export const hardwareTokenQueryOf = (applied: FilterValues, search: string): HardwareTokenListQuery => ({
  state: hardwareTokenStateParam(applied),
  search,
});
