/** The services of one app instance, built once and handed to the routes. */

import { scopedDb } from './audit/context.ts';
import { AuditSealer } from './audit/sealer.ts';
import { loadOrCreateSigningKeys, type SigningKeys } from './auth/keys.ts';
import { LoginService } from './auth/login-service.ts';
import { LoginThrottle } from './auth/throttle.ts';
import { TokenService } from './auth/tokens.ts';
import type { Database, Db } from './db/client.ts';
import type { SecretBox } from './lib/crypto.ts';
import type { Mailer } from './mail/mailer.ts';
import { ApplicationsService } from './modules/applications/service.ts';
import { AppRolesService } from './modules/appRoles/service.ts';
import { AuditService } from './modules/audit/service.ts';
import { ConfigurationsService } from './modules/configurations/service.ts';
import { CredentialsService } from './modules/credentials/service.ts';
import { CustomersService } from './modules/customers/service.ts';
import { DashboardService } from './modules/dashboard/service.ts';
import { FlowsService } from './modules/flows/service.ts';
import { MembersService } from './modules/members/service.ts';
import { RecoveryService } from './modules/recovery/service.ts';
import { RolesService } from './modules/roles/service.ts';
import { SettingsService } from './modules/settings/service.ts';
import { TemporaryCardsService } from './modules/temporaryCards/service.ts';
import { WorkstationUsersService } from './modules/workstationUsers/service.ts';
import type { AppMetrics } from './plugins/metrics.ts';

export interface Services {
  db: Db;
  database: Database;
  box: SecretBox;
  mailer: Mailer;
  keys: SigningKeys;
  tokens: TokenService;
  login: LoginService;
  customers: CustomersService;
  settings: SettingsService;
  members: MembersService;
  credentials: CredentialsService;
  temporaryCards: TemporaryCardsService;
  recovery: RecoveryService;
  configurations: ConfigurationsService;
  roles: RolesService;
  workstationUsers: WorkstationUsersService;
  dashboard: DashboardService;
  applications: ApplicationsService;
  flows: FlowsService;
  appRoles: AppRolesService;
  audit: AuditService;
  /** Links committed audit events into their chains (audit/sealer.ts). */
  auditSealer: AuditSealer;
}

export async function buildServices(
  database: Database,
  box: SecretBox,
  mailer: Mailer,
  publicUrl: string,
  now?: () => Date,
  metrics?: AppMetrics,
  log: { warn(obj: object, msg: string): void } = console,
): Promise<Services> {
  // Inside an audited request, the request's transaction (audit/context.ts).
  const db = scopedDb(database.db);
  const keys = await loadOrCreateSigningKeys(db, box);
  const tokens = new TokenService(db, keys, now);
  const settings = new SettingsService(db, box);
  await settings.sealLegacySmsTokens();
  const members = new MembersService(db, settings, mailer, keys, publicUrl, now);
  // The plain database: the sealer runs outside any request's transaction.
  const auditSealer = new AuditSealer(database.db, log);
  return {
    db,
    database,
    box,
    mailer,
    keys,
    tokens,
    login: new LoginService(
      db,
      box,
      tokens,
      mailer,
      new LoginThrottle(db, now, (scope) => metrics?.lockout(scope)),
      now,
      (outcome) => metrics?.signIn(outcome),
    ),
    customers: new CustomersService(db),
    settings,
    members,
    credentials: new CredentialsService(db, box, members, settings, mailer, publicUrl, now),
    temporaryCards: new TemporaryCardsService(db, members, settings, now),
    recovery: new RecoveryService(db, box, members, settings, mailer, now),
    configurations: new ConfigurationsService(db),
    roles: new RolesService(db),
    workstationUsers: new WorkstationUsersService(db, members, now),
    dashboard: new DashboardService(db),
    applications: new ApplicationsService(db),
    flows: new FlowsService(db),
    appRoles: new AppRolesService(db),
    audit: new AuditService(db, auditSealer),
    auditSealer,
  };
}
