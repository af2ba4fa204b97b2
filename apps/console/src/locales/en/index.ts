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

/** English is the type source: every other language must provide exactly these keys. */
export const en = {
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
export type Phrases = typeof en;
