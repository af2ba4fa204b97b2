/**
 * Audit trail: who did what, when, from where (issue 10). One event per administrative action
 * (each target of a bulk action its own) and per staff sign-in step, hash-chained per tenant.
 */
import { z } from 'zod';
import { commaListParam, pagedListSchema, pagingQuerySchema } from './lists.ts';
import { EXPORT_MEDIA_TYPES } from './members.ts';
import { fileSchema } from './responses.ts';

/**
 * Every action the trail records, `<target>.<verb>`. The console translates each; a mutating
 * route names one of these (or says why it records none), so a new area cannot forget it.
 */
export const AUDIT_ACTIONS = [
  'member.create',
  'member.update',
  'member.delete',
  'member.block',
  'member.unblock',
  'member.move',
  'member.send_enrollment',
  'member.export',
  'credential.create',
  'credential.update',
  'credential.delete',
  'credential.test',
  'credential.send',
  'credential.reset',
  'credential.unlock',
  'credential.enroll_app',
  'credential.pin_reset',
  'configuration.create',
  'configuration.update',
  'configuration.delete',
  'configuration.add_member',
  'configuration.remove_member',
  'role.create',
  'role.update',
  'role.delete',
  'role.add_user',
  'role.remove_user',
  'temporary_card.create',
  'temporary_card.update',
  'temporary_card.delete',
  'temporary_card.pair',
  'temporary_card.unpair',
  'hardware_token.import',
  'hardware_token.assign',
  'hardware_token.resync',
  'hardware_token.retire',
  'recovery_code.create',
  'recovery_code.verify',
  'recovery_mode.activate',
  'recovery_mode.deactivate',
  'workstation_user.autologon',
  'application.create',
  'application.update',
  'application.delete',
  'application.regenerate_secret',
  'flow.create',
  'flow.update',
  'flow.delete',
  'app_role.create',
  'app_role.update',
  'app_role.delete',
  'la_app.create',
  'la_app.update',
  'la_app.delete',
  'profile.create',
  'profile.update',
  'profile.delete',
  'login_group.create',
  'login_group.update',
  'login_group.delete',
  'login_group.add_app',
  'login_group.remove_app',
  'la_user.create',
  'la_user.update',
  'la_user.delete',
  'la_flow.update',
  'assistant.sign_in',
  'assistant.sign_in_failure',
  'assistant.step_up',
  'assistant.secret_read',
  'assistant.sign_out',
  'signin.success',
  'signin.failure',
  'signin.abort',
  'device.approve',
  'device.deny',
  'device.report',
  'workstation.sign_in',
  'workstation.sign_in_failure',
  'workstation.offline_refill',
  'workstation.offline_revoke',
  'workstation.smartcard_unblock',
  'workstation_key.create',
  'workstation_key.revoke',
  'radius.sign_in',
  'radius.sign_in_failure',
  'radius_client.create',
  'radius_client.update',
  'radius_client.secret',
  'radius_client.delete',
  'customer.create',
  'customer.update',
  'manager_user.create',
  'manager_user.update',
  'manager_user.reset_api_key',
  'manager_user.reset_password',
  'manager_user.change_email',
  'manager_user.confirm_email',
  'manager_user.block',
  'manager_user.unblock',
  'la_script.upload',
  'la_script.delete',
  'enrollment.credential_started',
  'enrollment.credential_confirmed',
  'enrollment.completed',
  'enrollment.link_requested',
  'settings.update',
  'settings.upload_logo',
  'settings.test_mail',
  'audit.prune',
  'audit.export',
  'sign_in.code_sent',
  'sign_in.success',
  'sign_in.failure',
  'sign_in.throttled',
  'sign_in.password_change',
  'session.refresh_reuse',
  'session.logout',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'member',
  'credential',
  'configuration',
  'role',
  'temporary_card',
  'hardware_token',
  'recovery_code',
  'recovery_mode',
  'workstation_user',
  'workstation_key',
  'radius_client',
  'application',
  'flow',
  'app_role',
  'la_app',
  'profile',
  'login_group',
  'la_user',
  'la_flow',
  'settings',
  'staff_user',
  'customer',
  'la_script',
  'session',
  'audit',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Who acted: a staff user, an API key (where those exist), a member's device, or the system. */
export const AUDIT_ACTOR_TYPES = ['staff', 'api_key', 'member', 'system', 'anonymous'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

const jsonValue: z.ZodType<unknown> = z.unknown();

export const auditEventSchema = z.object({
  id: z.string(),
  /** Position in its tenant's chain, from 1; null for the moment between its write and its sealing. */
  seq: z.number().int().nullable(),
  at: z.string(),
  /** The tenant the event belongs to (a customer, or a reseller for its own actions). */
  tenant_type: z.enum(['customer', 'reseller']),
  tenant_id: z.string(),
  tenant_name: z.string(),
  actor_type: z.enum(AUDIT_ACTOR_TYPES),
  actor_id: z.string().nullable(),
  /** Username of the staff user (or the key's name) as it was at the time. */
  actor_name: z.string().nullable(),
  source_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(AUDIT_TARGET_TYPES).nullable(),
  target_id: z.string().nullable(),
  /** A readable name of the target as it was (e.g. the member's username). */
  target_name: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** Error catalogue code (or sign-in outcome) of a failure. */
  reason: z.string().nullable(),
  request_id: z.string().nullable(),
  /**
   * What changed: `before`/`after` hold only the fields an update changed (secrets never);
   * exports hold their `filters` and `rows`; bulk actions the `bulk` operation.
   */
  details: z.record(z.string(), jsonValue),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditListSchema = pagedListSchema(auditEventSchema);

/** Query of audit/: paging (newest first) and the filters drawer. Comma-separated lists. */
export const auditListQuerySchema = pagingQuerySchema.extend({
  /** Who acted: staff user ids (or API key ids) or usernames, comma-separated. */
  actor: commaListParam(z.string().max(2000)),
  /** Comma-separated actions, or a `<target>.` prefix such as `member.`. */
  action: commaListParam(z.string().max(2000)),
  target_type: z.enum(AUDIT_TARGET_TYPES).optional(),
  target_id: z.string().max(100).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  /** A reseller may narrow to one of its customers (or itself). */
  tenant: z.string().max(100).optional(),
  from: z.string().date().optional(),
  to: z.string().date().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** audit/export/: the list's filters, as CSV (UTF-8 BOM) or JSON, newest first. */
export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;
export const auditExportQuerySchema = auditListQuerySchema.omit({ page: true, page_size: true }).extend({
  format: z.enum(AUDIT_EXPORT_FORMATS),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** Columns of the CSV export, in order; `details` is its JSON text. */
export const AUDIT_EXPORT_COLUMNS = [
  'at',
  'tenant_name',
  'seq',
  'actor_type',
  'actor_name',
  'source_ip',
  'user_agent',
  'action',
  'target_type',
  'target_id',
  'target_name',
  'outcome',
  'reason',
  'request_id',
  'details',
] as const satisfies readonly (keyof AuditEvent)[];

export const auditExportResponseSchema = {
  description: 'The events as a file, newest first',
  content: {
    [EXPORT_MEDIA_TYPES.csv]: {
      schema: fileSchema('RFC 4180 CSV with a header row, starting with a UTF-8 byte order mark'),
    },
    [EXPORT_MEDIA_TYPES.json]: { schema: z.array(auditEventSchema).describe('One object per event, newest first') },
  },
};

/** audit/verify/: each chain the caller sees, and its first broken link if any. */
export const auditChainStatusSchema = z.object({
  tenant_type: z.enum(['customer', 'reseller']),
  tenant_id: z.string(),
  tenant_name: z.string(),
  /** Events checked (those kept: pruning leaves an anchor the chain starts from). */
  checked: z.number().int(),
  ok: z.boolean(),
  /** The first event whose hash or link does not match, when not ok. */
  first_broken_seq: z.number().int().nullable(),
  first_broken_id: z.string().nullable(),
});
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  chains: z.array(auditChainStatusSchema),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;

/** Days a reseller's own events are kept (a customer's: its `general.audit_retention_days`). */
export const RESELLER_AUDIT_RETENTION_DAYS = 365;
