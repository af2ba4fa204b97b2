/**
 * A member as a SCIM User and back (contracts/scim.ts): userName the username, name the first and
 * last name, one e-mail and one phone number (the primary, else the first), active the opposite
 * of blocked, groups the configuration group, externalId and the enterprise extension as the
 * directory sent them. What a member has beyond these (credentials, identities, extra info) is
 * not SCIM's and stays as it is.
 */
import { createHash } from 'node:crypto';
import { type MemberInput, SCIM_PATH, SCIM_SCHEMAS, type ScimUser } from '@portiere/contracts';
import type { MemberRow } from '../modules/members/mapper.ts';
import type { Provisioned } from '../modules/members/service.ts';
import { invalidValue } from './errors.ts';

export interface UserRow {
  member: MemberRow;
  groupName: string | null;
}

/** A weak ETag of what a resource shows (RFC 7644 3.14): it changes exactly when the representation does. */
export function etagOf(resource: object): string {
  const { meta, ...rest } = resource as { meta?: object };
  return `W/"${createHash('sha256').update(JSON.stringify(rest)).digest('base64url').slice(0, 27)}"`;
}

export function withVersion<T extends { meta: { version: string } }>(resource: T): T {
  resource.meta.version = etagOf(resource);
  return resource;
}

const ENTERPRISE_KEYS = ['employeeNumber', 'costCenter', 'organization', 'division', 'department'] as const;

export function scimUser({ member: m, groupName }: UserRow, publicUrl: string): ScimUser {
  const base = `${publicUrl}${SCIM_PATH}`;
  const full = [m.firstName, m.lastName].filter(Boolean).join(' ');
  const user: ScimUser = {
    schemas: m.scimEnterprise ? [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser] : [SCIM_SCHEMAS.user],
    id: m.id,
    ...(m.externalId ? { externalId: m.externalId } : {}),
    userName: m.username,
    name: { givenName: m.firstName, familyName: m.lastName, formatted: full },
    displayName: full || m.username,
    active: !m.blocked,
    ...(m.email ? { emails: [{ value: m.email, type: 'work', primary: true }] } : {}),
    ...(m.phoneNumber ? { phoneNumbers: [{ value: m.phoneNumber, type: 'mobile', primary: true }] } : {}),
    ...(m.groupId && groupName
      ? { groups: [{ value: m.groupId, $ref: `${base}/Groups/${m.groupId}`, display: groupName }] }
      : {}),
    ...(m.scimEnterprise ? { [SCIM_SCHEMAS.enterpriseUser]: m.scimEnterprise } : {}),
    meta: {
      resourceType: 'User',
      created: m.createdAt.toISOString(),
      lastModified: m.updatedAt.toISOString(),
      location: `${base}/Users/${m.id}`,
      version: '',
    },
  };
  return withVersion(user);
}

/** What a User body sets on a member: the member's fields, active, and what the directory keeps. */
export interface UserFields {
  member: Pick<MemberInput, 'username' | 'first_name' | 'last_name' | 'email' | 'phone_number'>;
  active: boolean;
  provisioned: Provisioned;
}

const text = (v: unknown, attribute: string, max: number): string => {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw invalidValue(`${attribute} must be a string.`);
  if (v.length > max) throw invalidValue(`${attribute} is longer than ${max} characters.`);
  return v.trim();
};

/** The primary entry's value of a multi-valued attribute, else the first's. */
function primaryValue(v: unknown, attribute: string, max: number): string {
  if (v === undefined || v === null) return '';
  if (!Array.isArray(v)) throw invalidValue(`${attribute} must be a list.`);
  const entries = v.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object');
  const chosen = entries.find((e) => e.primary === true || e.primary === 'true') ?? entries[0];
  return text(chosen?.value, `${attribute}.value`, max);
}

/** A boolean as the directories send it: true, or (Entra ID) "True". */
export function booleanOf(v: unknown, attribute: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw invalidValue(`${attribute} must be true or false.`);
}

function enterpriseOf(v: unknown): Record<string, unknown> | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidValue('The enterprise extension must be an object.');
  const src = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ENTERPRISE_KEYS) {
    const value = text(src[key], key, 200);
    if (value) out[key] = value;
  }
  const manager = src.manager;
  // Okta and Entra ID send the manager as an object with its id; some send the id alone.
  const managerId =
    typeof manager === 'string'
      ? manager
      : manager && typeof manager === 'object'
        ? (manager as { value?: unknown }).value
        : undefined;
  if (managerId !== undefined && managerId !== null && managerId !== '')
    out.manager = { value: text(managerId, 'manager.value', 200) };
  return Object.keys(out).length ? out : null;
}

/** Reads a User body (canonical names; POST, PUT, or a patched representation). */
export function userFields(body: Record<string, unknown>): UserFields {
  const userName = text(body.userName, 'userName', 254);
  if (!userName) throw invalidValue('userName is required.');
  const name = (body.name ?? {}) as Record<string, unknown>;
  if (typeof name !== 'object' || Array.isArray(name)) throw invalidValue('name must be an object.');
  const externalId = text(body.externalId, 'externalId', 254);
  return {
    member: {
      username: userName,
      first_name: text(name.givenName, 'name.givenName', 150),
      last_name: text(name.familyName, 'name.familyName', 150),
      email: primaryValue(body.emails, 'emails', 254),
      // Directories write numbers for people ("+39 06 123-4567"); SMS codes need them plain.
      phone_number: primaryValue(body.phoneNumbers, 'phoneNumbers', 40).replace(/[\s().-]/g, ''),
    },
    active: body.active === undefined ? true : booleanOf(body.active, 'active'),
    provisioned: { externalId: externalId || null, enterprise: enterpriseOf(body[SCIM_SCHEMAS.enterpriseUser]) },
  };
}
