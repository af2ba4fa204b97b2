import { describe, expect, it } from 'vitest';
import { canApply, canReset, type FiltersState, filtersReducer, initialFiltersState } from './filtersReducer';

const run = (state: FiltersState, ...actions: Parameters<typeof filtersReducer>[1][]) =>
  actions.reduce(filtersReducer, state);

describe('filters', () => {
  it('starts with Apply and Reset disabled', () => {
    expect(canApply(initialFiltersState)).toBe(false);
    expect(canReset(initialFiltersState)).toBe(false);
  });

  it('enables Apply only with unsaved changes', () => {
    let s = run(initialFiltersState, { type: 'set', key: 'search', value: 'ann' });
    expect(canApply(s)).toBe(true);
    expect(canReset(s)).toBe(false);
    s = run(s, { type: 'apply' });
    expect(s.applied).toEqual({ search: 'ann' });
    expect(canApply(s)).toBe(false);
    expect(canReset(s)).toBe(true);
    s = run(s, { type: 'set', key: 'search', value: 'bob' });
    expect(canApply(s)).toBe(true);
    s = run(s, { type: 'set', key: 'search', value: 'ann' });
    expect(canApply(s)).toBe(false);
  });

  it('treats unset values (null, empty, false, []) as no change', () => {
    const s = run(
      initialFiltersState,
      { type: 'set', key: 'enabled', value: false },
      { type: 'set', key: 'search', value: '' },
      { type: 'set', key: 'tags', value: [] },
      { type: 'set', key: 'enrolled', value: null },
    );
    expect(canApply(s)).toBe(false);
    // A triMode "false" is a real choice (a string), unlike an unticked boolean filter.
    const tri = run(initialFiltersState, { type: 'set', key: 'enrolled', value: 'false' }, { type: 'apply' });
    expect(tri.applied).toEqual({ enrolled: 'false' });
    expect(canReset(tri)).toBe(true);
  });

  it('applies copies of the active values, including lists and dates', () => {
    const s = run(
      initialFiltersState,
      { type: 'set', key: 'tags', value: ['a', 'b'] },
      { type: 'set', key: 'from', value: '2025-01-31' },
      { type: 'set', key: 'blocked', value: true },
      { type: 'apply' },
    );
    expect(s.applied).toEqual({ tags: ['a', 'b'], from: '2025-01-31', blocked: true });
    expect(canApply(s)).toBe(false);
  });

  it('does nothing on Apply without changes', () => {
    const s = run(initialFiltersState, { type: 'apply' });
    expect(s).toBe(initialFiltersState);
  });

  it('Reset clears active and applied, and is a no-op without applied filters', () => {
    const edited = run(initialFiltersState, { type: 'set', key: 'search', value: 'x' });
    expect(run(edited, { type: 'reset' })).toBe(edited);
    const s = run(edited, { type: 'apply' }, { type: 'set', key: 'search', value: 'y' }, { type: 'reset' });
    expect(s.active).toEqual({});
    expect(s.applied).toEqual({});
    expect(canApply(s)).toBe(false);
    expect(canReset(s)).toBe(false);
  });

  it('clear (navigation) drops values but keeps definitions', () => {
    const defs = [{ type: 'search' as const, key: 'search', label: 'members.search' as const }];
    const s = run(
      initialFiltersState,
      { type: 'define', definitions: defs },
      { type: 'set', key: 'search', value: 'x' },
      { type: 'apply' },
      { type: 'toggle', open: true },
      { type: 'clear' },
    );
    expect(s).toEqual({ definitions: defs, active: {}, applied: {}, open: false });
  });
});
