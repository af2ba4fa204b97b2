import { applications } from './applications';
import { appRoles } from './appRoles';
import { audit } from './audit';
import { auth } from './auth';
import { common } from './common';
import { configurations } from './configurations';
import { customers } from './customers';
import { dashboard } from './dashboard';
import { dialogs } from './dialogs';
import { downloads } from './downloads';
import { error, info, success } from './feedback';
import { filters } from './filters';
import { flowEditor } from './flowEditor';
import { flows } from './flows';
import { hardwareTokens } from './hardwareTokens';
import { laApps } from './laApps';
import { laFlow } from './laFlow';
import { laScripts } from './laScripts';
import { laUsers } from './laUsers';
import { loginGroups } from './loginGroups';
import { managerUsers } from './managerUsers';
import { credentials, members } from './members';
import { menu } from './menu';
import { profiles } from './profiles';
import { radiusClients } from './radiusClients';
import { recovery } from './recovery';
import { roles } from './roles';
import { routes } from './routes';
import { settings } from './settings';
import { temporaryCards } from './temporaryCards';
import { validation } from './validation';
import { workstation } from './workstation';
import { workstationUsers } from './workstationUsers';

/** English is the type source: every other language must provide exactly these keys. */
export const en = {
  common,
  routes,
  menu,
  error,
  success,
  info,
  validation,
  auth,
  dialogs,
  filters,
  customers,
  managerUsers,
  laScripts,
  settings,
  members,
  credentials,
  temporaryCards,
  hardwareTokens,
  recovery,
  configurations,
  roles,
  workstationUsers,
  workstation,
  dashboard,
  downloads,
  audit,
  applications,
  flows,
  flowEditor,
  appRoles,
  radiusClients,
  laApps,
  profiles,
  loginGroups,
  laUsers,
  laFlow,
};
export type Phrases = typeof en;
