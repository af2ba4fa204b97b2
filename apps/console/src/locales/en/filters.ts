export const filters = {
  title: 'Filters',
  open: 'Filters',
  apply: 'Apply',
  reset: 'Reset',
  any: 'Any',
  addValue: 'Type and press Enter',
};
