import { TEMPORARY_CARD_STATUSES, type TemporaryCardStatus } from '@portiere/contracts';
import type { FilterDefinition, FilterValues } from '../../../components/filters/filterTypes';
import type { TemporaryCardListQuery } from '../api/temporaryCardsApi';

/** Chip colour per status. */
export const STATUS_COLORS: Record<TemporaryCardStatus, 'success' | 'default' | 'warning'> = {
  paired: 'success',
  not_paired: 'default',
  expired: 'warning',
};

/** Translation key of a status label. */
export const statusLabelKey = (status: TemporaryCardStatus) => `temporaryCards.status.${status}` as const;

/**
 * The drawer's status filter: a group of three check boxes (paired / not paired / expired).
 * Keys are `status_<status>` so that the applied values map back to one status.
 */
export const temporaryCardFilterDefinitions: FilterDefinition[] = [
  {
    type: 'group',
    key: 'status',
    label: 'temporaryCards.columns.status',
    children: TEMPORARY_CARD_STATUSES.map((s) => ({
      type: 'boolean' as const,
      key: `status_${s}`,
      label: statusLabelKey(s),
    })),
  },
];

/** The statuses ticked in the applied filters, in catalogue order. */
export function temporaryCardStatusesOf(applied: FilterValues): TemporaryCardStatus[] {
  return TEMPORARY_CARD_STATUSES.filter((s) => applied[`status_${s}`] === true);
}

/** The status query parameter: the ticked statuses; none ticked means every card. */
export function temporaryCardStatusParam(applied: FilterValues): TemporaryCardStatus[] | undefined {
  const statuses = temporaryCardStatusesOf(applied);
  return statuses.length ? statuses : undefined;
}

/** The temporary-cards/ query: the ticked statuses and the search box. */
export const temporaryCardQueryOf = (applied: FilterValues, search: string): TemporaryCardListQuery => ({
  status: temporaryCardStatusParam(applied),
  search,
});
