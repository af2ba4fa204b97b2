/**
 * RADIUS (RFC 2865; ARCHITECTURE.md, "Sign-in engine"): VPN gateways, Wi-Fi controllers, network
 * devices and Linux PAM sign members in over UDP, through the server's RADIUS listener
 * (RADIUS_PORT). Each device is a RADIUS client a customer user registers here: its source
 * address or range, a shared secret the server makes and shows once (sealed at rest), and the
 * RADIUS application (an application of type `radius`) whose app roles say which configuration
 * groups may sign in, with which flow, and which attributes their Access-Accept carries.
 *
 * Operators (customer users), under /api/v1/:
 * - `GET radius-clients/`, `GET radius-clients/{id}/`;
 * - `POST radius-clients/` radiusClientInputSchema → 201 radiusClientWithSecretSchema;
 * - `PATCH radius-clients/{id}/` radiusClientPatchSchema;
 * - `POST radius-clients/{id}/secret/` → radiusClientWithSecretSchema (a new secret; the old one
 *   stops working at once);
 * - `DELETE radius-clients/{id}/`.
 */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { pagedListSchema, pagingQuerySchema } from './lists.ts';
import { patchOf } from './patch.ts';

/**
 * Why the RADIUS server dropped a packet unanswered (the label of /metrics'
 * portiere_radius_dropped_total): a source no enabled client covers, a Message-Authenticator no
 * candidate's secret proves, none where the client requires one, a malformed packet, another code
 * than Access-Request or Status-Server, or more requests in hand than the server takes.
 */
export const RADIUS_DROP_REASONS = [
  'unknown_client',
  'bad_authenticator',
  'missing_authenticator',
  'malformed',
  'unsupported_code',
  'overloaded',
] as const;
export type RadiusDropReason = (typeof RADIUS_DROP_REASONS)[number];

/** A sign-in over RADIUS left between two challenges expires after this long. */
export const RADIUS_SIGNIN_TTL_S = 5 * 60;
/** How long a request at the app's stage waits for the member's approval, by default, and its bounds. */
export const RADIUS_APPROVAL_WAIT_DEFAULT_S = 25;
export const RADIUS_APPROVAL_WAIT_MIN_S = 1;
export const RADIUS_APPROVAL_WAIT_MAX_S = 60;
/** Characters of a shared secret the server makes (letters and digits: every device's form takes them). */
export const RADIUS_SECRET_LENGTH = 32;

/**
 * A device's source: an IPv4 or IPv6 address, or a range in CIDR notation (10.0.0.0/24). Several
 * clients may share a range (each with its own secret): a request belongs to the one whose secret
 * its Message-Authenticator proves.
 */
export function radiusAddressError(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return fieldError('required');
  const ok = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()].some((s) => s.safeParse(v).success);
  return ok ? null : fieldError('radiusAddress');
}

export const radiusClientInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  address: z.string().trim().max(50),
  /** The RADIUS application (type `radius`) whose app roles decide who may sign in, and how. */
  applicationId: z.string().min(1).max(100),
  enabled: z.boolean().default(true),
  /**
   * Drop requests without a Message-Authenticator (RFC 3579), as BlastRADIUS (CVE-2024-3596)
   * asks. Turn off only for a device that cannot send one (pam_radius_auth before 3.0); a
   * Message-Authenticator that is present is always checked.
   */
  requireMessageAuthenticator: z.boolean().default(true),
  /** Seconds a request at the app's stage waits for the member's approval: below the device's timeout. */
  approvalWait: z
    .number()
    .int()
    .min(RADIUS_APPROVAL_WAIT_MIN_S)
    .max(RADIUS_APPROVAL_WAIT_MAX_S)
    .default(RADIUS_APPROVAL_WAIT_DEFAULT_S),
});
export const radiusClientPatchSchema = patchOf(radiusClientInputSchema);
export type RadiusClientInput = z.input<typeof radiusClientInputSchema>;
export type RadiusClientPatch = z.infer<typeof radiusClientPatchSchema>;

export const radiusClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  application: z.object({ id: z.string(), name: z.string() }),
  enabled: z.boolean(),
  requireMessageAuthenticator: z.boolean(),
  approvalWait: z.number().int(),
  created_at: z.string(),
  /** The last request it sent that its secret proved. */
  last_used_at: z.string().nullable(),
});
export type RadiusClient = z.infer<typeof radiusClientSchema>;

/** A creation's or a new secret's answer: the only time the shared secret is seen. */
export const radiusClientWithSecretSchema = radiusClientSchema.extend({ secret: z.string() });
export type RadiusClientWithSecret = z.infer<typeof radiusClientWithSecretSchema>;

export const radiusClientListSchema = pagedListSchema(radiusClientSchema);
export const radiusClientListQuerySchema = pagingQuerySchema.extend({
  /** Name or address contains, ignoring case. */
  search: z.string().max(200).optional(),
  application_id: z.string().max(100).optional(),
});
export type RadiusClientListQuery = z.infer<typeof radiusClientListQuerySchema>;

/** The field errors of a RADIUS client's input (the console's form and the server alike). */
export function radiusClientFieldErrors(input: Partial<RadiusClientInput>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (input.name !== undefined && !input.name.trim()) errors.name = fieldError('required');
  if (input.address !== undefined) {
    const e = radiusAddressError(input.address);
    if (e) errors.address = e;
  }
  return errors;
}

// ---- What an Access-Accept carries (per app role: an application and a configuration group) ----

/**
 * The reply attributes an operator may set, with their RADIUS data type: what VPNs and network
 * devices place their users by (Class and Filter-Id for a policy or group, Framed-Pool for an
 * address pool, Service-Type and Management-Privilege-Level for a device's administrators).
 */
export const RADIUS_REPLY_ATTRIBUTES = {
  Class: 'string',
  'Filter-Id': 'string',
  'Reply-Message': 'string',
  'Framed-Pool': 'string',
  'Framed-IP-Address': 'ipaddr',
  'Session-Timeout': 'integer',
  'Idle-Timeout': 'integer',
  'Management-Privilege-Level': 'integer',
  'Service-Type': 'enum',
} as const;
export type RadiusReplyAttribute = keyof typeof RADIUS_REPLY_ATTRIBUTES;
export const RADIUS_REPLY_ATTRIBUTE_NAMES = Object.keys(RADIUS_REPLY_ATTRIBUTES) as [
  RadiusReplyAttribute,
  ...RadiusReplyAttribute[],
];
/** Service-Type's values (RFC 2865 5.6), by their dictionary names. */
export const RADIUS_SERVICE_TYPES = [
  'Login-User',
  'Framed-User',
  'Callback-Login-User',
  'Callback-Framed-User',
  'Outbound-User',
  'Administrative-User',
  'NAS-Prompt-User',
  'Authenticate-Only',
  'Callback-NAS-Prompt',
  'Call-Check',
  'Callback-Administrative',
] as const;
/** A text attribute's value fits one attribute (253 bytes). */
export const RADIUS_TEXT_MAX_BYTES = 253;

export const radiusAttributeSchema = z.object({
  name: z.enum(RADIUS_REPLY_ATTRIBUTE_NAMES),
  value: z.string().trim().min(1).max(RADIUS_TEXT_MAX_BYTES),
});
export type RadiusAttribute = z.infer<typeof radiusAttributeSchema>;
export const RADIUS_ATTRIBUTES_MAX = 20;
export const radiusAttributesSchema = z.array(radiusAttributeSchema).max(RADIUS_ATTRIBUTES_MAX);

/** Why a reply attribute's value does not fit its type; null when it does. */
export function radiusAttributeError(a: { name: RadiusReplyAttribute; value: string }): FieldError | null {
  const v = a.value.trim();
  if (!v) return fieldError('required');
  switch (RADIUS_REPLY_ATTRIBUTES[a.name]) {
    case 'integer':
      return /^\d{1,10}$/.test(v) && Number(v) <= 0xffffffff ? null : fieldError('range', { min: 0, max: 4294967295 });
    case 'ipaddr':
      return z.ipv4().safeParse(v).success ? null : fieldError('invalid');
    case 'enum':
      return (RADIUS_SERVICE_TYPES as readonly string[]).includes(v)
        ? null
        : fieldError('oneOf', { values: RADIUS_SERVICE_TYPES.join(', ') });
    default:
      return new TextEncoder().encode(v).length <= RADIUS_TEXT_MAX_BYTES
        ? null
        : fieldError('maxLength', { max: RADIUS_TEXT_MAX_BYTES });
  }
}
