import { common } from './common';
import { configurations } from './configurations';
import { dashboardCharts } from './dashboard';
import { dialogs } from './dialogs';
import { error, info, success } from './feedback';
import { filters } from './filters';
import { login } from './login';
import { credentials, members } from './members';
import { menu } from './menu';
import { customers } from './pages';
import { recovery } from './recovery';
import { roles } from './roles';
import { routes } from './routes';
import { settings } from './settings';
import { temporaryCards } from './temporaryCards';
import { validation } from './validation';
import { workstation } from './workstation';

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
  customers,
  settings,
  members,
  credentials,
  temporaryCards,
  recovery,
  configurations,
  roles,
  workstation,
  dashboardCharts,
};
export type Phrases = typeof en;
