export const filters = {
  title: 'Filters',
  open: 'Filters',
  openApplied: 'Filters (applied: {count})',
  apply: 'Apply',
  reset: 'Reset',
  any: 'Any',
  addValue: 'Type and press Enter',
};
