import type { Phrases } from '../en';
import type { DeepStrings } from '../types';

export const filters: DeepStrings<Phrases['filters']> = {
  title: 'Filtri',
  open: 'Filtri',
  openApplied: 'Filtri (applicati: {count})',
  apply: 'Applica',
  reset: 'Reimposta',
  any: 'Qualsiasi',
  addValue: 'Scrivi e premi Invio',
};
