import type { Phrases } from '../en';
import type { DeepStrings } from '../types';
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
