/** The services of one app instance, built once and handed to the routes. */

import { scopedDb } from './audit/context.ts';
import { AuditSealer } from './audit/sealer.ts';
import { ApiKeyService } from './auth/api-keys.ts';
import { loadOrCreateSigningKeys, type SigningKeys } from './auth/keys.ts';
import { LoginService } from './auth/login-service.ts';
import { LoginThrottle } from './auth/throttle.ts';
import { TokenService } from './auth/tokens.ts';
import type { Database, Db } from './db/client.ts';
import type { SecretBox } from './lib/crypto.ts';
import type { Mailer } from './mail/mailer.ts';
import { MailQueue } from './mail/queue.ts';
import { MailSender } from './mail/sender.ts';
import { ApplicationsService } from './modules/applications/service.ts';
import { AppRolesService } from './modules/appRoles/service.ts';
import { AssistantService } from './modules/assistant/service.ts';
import { AssistantSignIns } from './modules/assistant/signIn.ts';
import { AuditService } from './modules/audit/service.ts';
import { ConfigurationsService } from './modules/configurations/service.ts';
import { CredentialsService } from './modules/credentials/service.ts';
import { CustomersService } from './modules/customers/service.ts';
import { CustomizationService } from './modules/customization/service.ts';
import { DashboardService } from './modules/dashboard/service.ts';
import { DeviceService } from './modules/device/service.ts';
import { type ClientUrls, DownloadsService } from './modules/downloads/service.ts';
import { issueLink } from './modules/enrollment/link.ts';
import { LinkRequests } from './modules/enrollment/link-request.ts';
import { EnrollmentService } from './modules/enrollment/service.ts';
import { FlowsService } from './modules/flows/service.ts';
import { HardwareTokensService } from './modules/hardwareTokens/service.ts';
import { LaAppsService } from './modules/laApps/service.ts';
import { LaFlowService } from './modules/laFlow/service.ts';
import { LaScriptsService } from './modules/laScripts/service.ts';
import { LaUsersService } from './modules/laUsers/service.ts';
import { LoginGroupsService } from './modules/loginGroups/service.ts';
import { MailTemplatesService } from './modules/mailTemplates/service.ts';
import { ManagerUsersService } from './modules/managerUsers/service.ts';
import { MemberSignInsService } from './modules/memberSignIns/service.ts';
import { MembersService } from './modules/members/service.ts';
import { ProfilesService } from './modules/profiles/service.ts';
import { RadiusClientsService } from './modules/radiusClients/service.ts';
import { RecoveryService } from './modules/recovery/service.ts';
import { RolesService } from './modules/roles/service.ts';
import { SettingsService } from './modules/settings/service.ts';
import { TemporaryCardsService } from './modules/temporaryCards/service.ts';
import { oidcTargets } from './modules/webLogin/oidcTarget.ts';
import { expired, WebLoginService } from './modules/webLogin/service.ts';
import { WorkstationKeys } from './modules/workstation/keys.ts';
import { OfflineMaterials } from './modules/workstation/offline.ts';
import { WorkstationSignIns } from './modules/workstation/signIn.ts';
import { WorkstationUsersService } from './modules/workstationUsers/service.ts';
import { OidcProvider } from './oidc/provider.ts';
import type { AppMetrics } from './plugins/metrics.ts';
import { AuditedSteps } from './radius/audited.ts';
import { RadiusClientDirectory } from './radius/clients.ts';
import { RadiusSignIns } from './radius/signIn.ts';
import { SamlKeys } from './saml/keys.ts';
import { SamlLogout } from './saml/logout.ts';
import { SamlMetadataFetcher } from './saml/metadata-fetch.ts';
import { SamlIdentityProvider } from './saml/service.ts';
import { samlTargets } from './saml/target.ts';
import { ScimGroups } from './scim/groups.ts';
import { ScimUsers } from './scim/users.ts';
import { AppApprovals } from './signIn/appApprovals.ts';
import { CredentialChecks } from './signIn/credentialChecks.ts';
import { SignInEngine } from './signIn/engine.ts';
import { SignInRecords } from './signIn/records.ts';

export interface Services {
  db: Db;
  database: Database;
  box: SecretBox;
  /** The mail transport: the queue's sender hands mail to it (and the template test, at once). */
  mailer: Mailer;
  /** Where services put the mail they send, in their transaction (mail/queue.ts). */
  mailQueue: MailQueue;
  /** Sends what the queue holds, off the requests (mail/sender.ts). */
  mailSender: MailSender;
  keys: SigningKeys;
  tokens: TokenService;
  /** Manager users' API keys (auth-guard.ts). */
  apiKeys: ApiKeyService;
  login: LoginService;
  customers: CustomersService;
  /** A customer's staff accounts, managed by its reseller. */
  managerUsers: ManagerUsersService;
  settings: SettingsService;
  /** Logo uploads and the public branding of the members' pages. */
  customization: CustomizationService;
  mailTemplates: MailTemplatesService;
  members: MembersService;
  credentials: CredentialsService;
  temporaryCards: TemporaryCardsService;
  hardwareTokens: HardwareTokensService;
  recovery: RecoveryService;
  configurations: ConfigurationsService;
  roles: RolesService;
  workstationUsers: WorkstationUsersService;
  dashboard: DashboardService;
  applications: ApplicationsService;
  flows: FlowsService;
  appRoles: AppRolesService;
  /** The login assistant's own API: its member's data, and its sign-ins and sessions. */
  assistant: AssistantService;
  assistantSignIns: AssistantSignIns;
  audit: AuditService;
  /** Links committed audit events into their chains (audit/sealer.ts). */
  auditSealer: AuditSealer;
  /** Login-assistant administration (customer users). */
  laApps: LaAppsService;
  profiles: ProfilesService;
  loginGroups: LoginGroupsService;
  laUsers: LaUsersService;
  laFlow: LaFlowService;
  /** A customer's login-assistant scripts (reseller users). */
  laScripts: LaScriptsService;
  /** What a customer user downloads: client links and its login-assistant scripts. */
  downloads: DownloadsService;
  /** The members' enrolment portal (enroll/), and the requests for a new link. */
  enrollment: EnrollmentService;
  linkRequests: LinkRequests;
  /** The OpenID provider of the web login. */
  oidc: OidcProvider;
  /** The sign-in engine every sign-in channel drives (signIn/engine.ts). */
  signIn: SignInEngine;
  /** The web login: the API of its sign-in pages (signin/{uid}/...), over the engine. */
  webLogin: WebLoginService;
  saml: SamlIdentityProvider;
  samlLogout: SamlLogout;
  /** SCIM 2.0 provisioning (scim/): the members as SCIM Users. */
  scimUsers: ScimUsers;
  /** SCIM 2.0 provisioning: the configuration groups as SCIM Groups. */
  scimGroups: ScimGroups;
  /** Service providers' metadata fetched for the console's form (applications/saml-metadata/). */
  samlMetadata: SamlMetadataFetcher;
  device: DeviceService;
  /** Sign-ins a member's app approves (device/approvals/). */
  appApprovals: AppApprovals;
  /** Each member's web login history (users/{id}/sign-ins/). */
  memberSignIns: MemberSignInsService;
  /** Workstation login (modules/workstation): the keys, the sign-in over the engine, offline material. */
  workstationKeys: WorkstationKeys;
  workstationSignIns: WorkstationSignIns;
  offlineMaterials: OfflineMaterials;
  radiusClients: RadiusClientsService;
  /** RADIUS (radius/): which client a packet comes from, and the sign-in over the engine. */
  radiusDirectory: RadiusClientDirectory;
  radiusSignIns: RadiusSignIns;
}

export async function buildServices(
  database: Database,
  box: SecretBox,
  mailer: Mailer,
  publicUrl: string,
  now?: () => Date,
  metrics?: AppMetrics,
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void } = console,
  trustProxy = false,
  {
    clientUrls = { workstation: null, loginAssistant: null },
    samlMetadataPrivate = false,
  }: { clientUrls?: ClientUrls; samlMetadataPrivate?: boolean } = {},
): Promise<Services> {
  // Inside an audited request, the request's transaction (audit/context.ts).
  const db = scopedDb(database.db);
  // The plain database: the sender runs outside any request's transaction.
  const mailSender = new MailSender(database.db, mailer, box, log, now);
  const mailQueue = new MailQueue(db, box, mailSender, now);
  const keys = await loadOrCreateSigningKeys(db, box);
  const tokens = new TokenService(db, keys, box, now);
  const settings = new SettingsService(db, box);
  await settings.sealLegacySmsTokens();
  const laUsers = new LaUsersService(db, box, settings);
  // Members mail enrolment links; the links are the enrolment module's (no import between the two).
  const members = new MembersService(
    db,
    settings,
    mailQueue,
    (customerId, memberId, at) => issueLink(db, keys, customerId, memberId, at),
    publicUrl,
    now,
  );
  // The plain database: the sealer runs outside any request's transaction.
  const auditSealer = new AuditSealer(database.db, log);
  const credentials = new CredentialsService(db, box, members, settings, mailQueue, publicUrl, now);
  const signInChecks = new CredentialChecks(db, credentials, now, log);
  const recovery = new RecoveryService(db, box, members, settings, mailQueue, now);
  const customization = new CustomizationService(db, settings, now);
  const oidc = new OidcProvider({
    db,
    box,
    publicUrl,
    trustProxy,
    log,
    branding: (customerId) => customization.branding(customerId),
  });
  const configurations = new ConfigurationsService(db);
  const saml = new SamlIdentityProvider(db, new SamlKeys(db, box), oidc.clients, publicUrl, now);
  const appApprovals = new AppApprovals(db, now);
  const managerUsers = new ManagerUsersService(db, mailQueue, tokens, publicUrl, now);
  const laScripts = new LaScriptsService(db, now);
  const signIn = new SignInEngine({
    db,
    checks: signInChecks,
    approvals: appApprovals,
    recovery,
    // The staff sign-in's throttle (same table), keyed by channel, customer and member or username.
    throttle: new LoginThrottle(db, now, (scope) => metrics?.lockout(scope)),
    records: new SignInRecords(db, database.db, now, log),
    now,
  });
  const offlineMaterials = new OfflineMaterials(db, box, signInChecks, settings, now);
  return {
    db,
    database,
    box,
    mailer,
    mailQueue,
    mailSender,
    keys,
    tokens,
    apiKeys: new ApiKeyService(db, now),
    login: new LoginService(
      db,
      box,
      tokens,
      mailQueue,
      new LoginThrottle(db, now, (scope) => metrics?.lockout(scope)),
      now,
      (outcome) => metrics?.signIn(outcome),
    ),
    customers: new CustomersService(db, managerUsers),
    managerUsers,
    settings,
    customization,
    mailTemplates: new MailTemplatesService(db, settings, mailer, log),
    members,
    credentials,
    temporaryCards: new TemporaryCardsService(db, members, settings, now),
    hardwareTokens: new HardwareTokensService(db, box, members, credentials, settings, now),
    recovery,
    configurations,
    roles: new RolesService(db),
    workstationUsers: new WorkstationUsersService(db, members, now),
    dashboard: new DashboardService(db, now),
    applications: new ApplicationsService(db, oidc.issuer, publicUrl),
    flows: new FlowsService(db),
    appRoles: new AppRolesService(db),
    assistant: new AssistantService(db, box, settings, laUsers),
    assistantSignIns: new AssistantSignIns(db, signIn, now),
    audit: new AuditService(db, auditSealer),
    auditSealer,
    laApps: new LaAppsService(db),
    profiles: new ProfilesService(db),
    loginGroups: new LoginGroupsService(db),
    laUsers,
    laFlow: new LaFlowService(db),
    laScripts,
    downloads: new DownloadsService(db, laScripts, clientUrls),
    enrollment: new EnrollmentService(db, keys, members, credentials, settings, now),
    linkRequests: new LinkRequests(db, keys, mailQueue, publicUrl, now),
    oidc,
    signIn,
    saml,
    samlLogout: new SamlLogout(db, saml, oidc.clients, publicUrl, now),
    samlMetadata: new SamlMetadataFetcher(samlMetadataPrivate),
    scimUsers: new ScimUsers(db, members, publicUrl),
    scimGroups: new ScimGroups(db, configurations, publicUrl),
    // A sign-in's uid names a SAML request (its own prefix) or an OpenID interaction.
    webLogin: new WebLoginService(
      db,
      [samlTargets(saml, expired), oidcTargets(oidc, expired)],
      signIn,
      credentials.webauthn,
      now,
    ),
    device: new DeviceService(db, box, credentials, members, settings, appApprovals, now),
    appApprovals,
    memberSignIns: new MemberSignInsService(db),
    workstationKeys: new WorkstationKeys(db, now),
    workstationSignIns: new WorkstationSignIns(db, signIn, settings, offlineMaterials, now),
    offlineMaterials,
    radiusClients: new RadiusClientsService(db, box, now),
    radiusDirectory: new RadiusClientDirectory(db, box, now),
    // Each RADIUS step is a transaction of its own on the plain database, its events then sealed.
    radiusSignIns: new RadiusSignIns(
      db,
      signIn,
      settings,
      new AuditedSteps(database.db, now ?? (() => new Date()), () => auditSealer.kick()),
      now,
    ),
  };
}
