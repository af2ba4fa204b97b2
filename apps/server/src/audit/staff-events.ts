/**
 * Events of staff users' own sign-in steps and sessions, in the user's tenant chain (a
 * customer user's customer, a reseller user's reseller). They are written by the login and
 * token services, not by the route pipeline (plugins/audit.ts): a refused sign-in still records.
 */
import type { AuditAction, AuditOutcome } from '@portiere/contracts';
import type { AuditEventInput } from './append.ts';

export interface StaffActor {
  id: string;
  username: string;
  customerId: string | null;
  resellerId: string | null;
}

export interface StaffSource {
  ip?: string | null;
  userAgent?: string | null;
}

/** The event, or null for a user that belongs to no tenant (none should exist). */
export function staffEvent(
  user: StaffActor,
  action: AuditAction,
  outcome: AuditOutcome,
  reason: string | null,
  at: Date,
  source: StaffSource = {},
  targetType: 'staff_user' | 'session' = 'staff_user',
): AuditEventInput | null {
  const tenant = user.customerId
    ? { tenantId: user.customerId, tenantType: 'customer' as const }
    : user.resellerId
      ? { tenantId: user.resellerId, tenantType: 'reseller' as const }
      : null;
  if (!tenant) return null;
  return {
    ...tenant,
    at,
    actorType: 'staff',
    actorId: user.id,
    actorName: user.username,
    sourceIp: source.ip ?? null,
    userAgent: source.userAgent?.slice(0, 500) ?? null,
    action,
    targetType,
    targetId: user.id,
    targetName: user.username,
    outcome,
    reason,
  };
}

/** A login_attempts outcome as an audit action (sign_in.failure for every refusal). */
export function signInAction(outcome: string): { action: AuditAction; outcome: AuditOutcome; reason: string | null } {
  switch (outcome) {
    case 'success':
      return { action: 'sign_in.success', outcome: 'success', reason: null };
    case 'otp_sent':
    case 'otp_reused':
      return { action: 'sign_in.code_sent', outcome: 'success', reason: outcome === 'otp_reused' ? outcome : null };
    case 'password_changed':
      return { action: 'sign_in.password_change', outcome: 'success', reason: null };
    case 'throttled':
      return { action: 'sign_in.throttled', outcome: 'failure', reason: outcome };
    default:
      // bad_password, bad_otp, account_blocked, password_change_required (not signed in yet)...
      return { action: 'sign_in.failure', outcome: 'failure', reason: outcome };
  }
}
