import type { Phrases } from '../en';
import type { DeepStrings } from '../types';
import { common } from './common';
import { dialogs } from './dialogs';
import { error, info, success } from './feedback';
import { filters } from './filters';
import { login } from './login';
import { menu } from './menu';
import { customers, dashboard } from './pages';
import { routes } from './routes';
import { settings } from './settings';
import { validation } from './validation';

/** Typed against English: a missing or extra key is a compile error. */
export const it: DeepStrings<Phrases> = {
  common,
  routes,
  menu,
  error,
  success,
  info,
  validation,
  login,
  dialogs,
  filters,
  dashboard,
  customers,
  settings,
};
