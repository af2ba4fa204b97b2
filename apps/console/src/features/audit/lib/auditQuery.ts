import { AUDIT_OUTCOMES, AUDIT_TARGET_TYPES, type AuditEvent } from '@portiere/contracts';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import type { AuditQuery } from '../api/auditApi';

/**
 * Drawer filters of the audit page; labels are translation keys, choices offered by label but
 * held as codes, so a language switch keeps them.
 */
export function auditFilterDefinitions(options: {
  actions: FilterOption[];
  targetTypes: FilterOption[];
  outcomes: FilterOption[];
}): FilterDefinition[] {
  return [
    { type: 'search', key: 'actor', label: 'audit.filters.actor' },
    { type: 'multiSearch', key: 'action', label: 'audit.filters.action', options: options.actions },
    { type: 'select', key: 'target_type', label: 'audit.filters.targetType', options: options.targetTypes },
    { type: 'select', key: 'outcome', label: 'audit.filters.outcome', options: options.outcomes },
    {
      type: 'group',
      key: 'period',
      label: 'audit.filters.period',
      children: [
        { type: 'date', key: 'from', label: 'audit.filters.from' },
        { type: 'date', key: 'to', label: 'audit.filters.to' },
      ],
    },
  ];
}

const list = (v: FilterValues[string]) => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []);
const oneOf = <T extends string>(all: readonly T[], v: FilterValues[string]): T | undefined =>
  typeof v === 'string' && (all as readonly string[]).includes(v) ? (v as T) : undefined;
const isDate = (v: FilterValues[string]): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Applied drawer filters as the audit/ (and audit/export/) query. */
export function auditQueryOf(applied: FilterValues): AuditQuery {
  const q: AuditQuery = {};
  // The actor box takes one name or id, or several separated by commas.
  const actors = typeof applied.actor === 'string' ? applied.actor.split(',').map((a) => a.trim()) : [];
  if (actors.some(Boolean)) q.actor = actors.filter(Boolean);
  const actions = [...new Set(list(applied.action))];
  if (actions.length) q.action = actions;
  const targetType = oneOf(AUDIT_TARGET_TYPES, applied.target_type);
  if (targetType) q.target_type = targetType;
  const outcome = oneOf(AUDIT_OUTCOMES, applied.outcome);
  if (outcome) q.outcome = outcome;
  if (isDate(applied.from)) q.from = applied.from;
  if (isDate(applied.to)) q.to = applied.to;
  return q;
}

/** A detail value as shown: strings as they are, anything else as JSON; absent is empty. */
export function shownValue(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export interface ChangeRow {
  field: string;
  before: string;
  after: string;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The fields an update changed, from `details.before` / `details.after`, in first-seen order. */
export function changesOf(details: AuditEvent['details']): ChangeRow[] {
  const before = asRecord(details.before);
  const after = asRecord(details.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ field, before: shownValue(before[field]), after: shownValue(after[field]) }));
}

/** The other details (an export's filters and rows, a bulk operation) as key / value. */
export function otherDetailsOf(details: AuditEvent['details']): { key: string; value: string }[] {
  return Object.entries(details)
    .filter(([key]) => key !== 'before' && key !== 'after')
    .map(([key, value]) => ({ key, value: shownValue(value) }));
}
