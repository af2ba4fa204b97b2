/**
 * SCIM 2.0 provisioning (RFC 7643, RFC 7644; ARCHITECTURE.md, "Provisioning"): a customer's
 * directory (Entra ID, Okta, Google …) creates, changes and removes its members (Users, with the
 * enterprise extension) and configuration groups (Groups) at PUBLIC_URL/scim/v2, with a manager
 * user's API key that has the `scim` scope, sent as a bearer token. Outside /api (the directories
 * speak SCIM, not Portiere's API): SCIM's own bodies, `application/scim+json`, SCIM errors.
 *
 * What each resource holds is written once here (SCIM_USER_ATTRIBUTES, SCIM_GROUP_ATTRIBUTES):
 * the server answers /Schemas from it and reads requests' attribute names by it (RFC 7643 2.1:
 * case-insensitive), so the two cannot disagree.
 */

export const SCIM_PATH = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  searchRequest: 'urn:ietf:params:scim:api:messages:2.0:SearchRequest',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The most resources one list answers (ServiceProviderConfig filter.maxResults); `count` above it is cut to it. */
export const SCIM_MAX_RESULTS = 200;
/** Operations one PATCH may carry (a group's members in one request: Entra sends up to 1000 per operation). */
export const SCIM_MAX_OPERATIONS = 100;
/** Members one group PATCH may add or remove, over all its operations. */
export const SCIM_MAX_GROUP_MEMBER_CHANGES = 10_000;

/** RFC 7644 3.12 scimType values of a 400 (and 409 uniqueness). */
/**
 * Calls a minute one key may make at /scim/v2 (SCIM_KEY_RATE_LIMIT): a directory's first sync
 * pushes every member, one request each, so it gets more room than the API's 300 (at 6,000 a
 * minute, 100,000 members take under 20 minutes). A 429 is retried by Entra ID and Okta.
 */
export const SCIM_KEY_RATE_LIMIT_PER_MIN = 6000;

export const SCIM_ERROR_TYPES = [
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
] as const;
export type ScimErrorType = (typeof SCIM_ERROR_TYPES)[number];

export interface ScimErrorBody {
  schemas: [typeof SCIM_SCHEMAS.error];
  /** The HTTP status, as a string (RFC 7644 3.12). */
  status: string;
  scimType?: ScimErrorType;
  detail: string;
}

/** An attribute's definition as /Schemas answers it (RFC 7643 7). */
export interface ScimAttribute {
  name: string;
  type: 'string' | 'boolean' | 'decimal' | 'integer' | 'dateTime' | 'reference' | 'complex';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: ScimAttribute[];
  referenceTypes?: string[];
  canonicalValues?: string[];
}

type Spec = Partial<ScimAttribute> & Pick<ScimAttribute, 'name' | 'description'>;
const attr = (a: Spec): ScimAttribute => ({
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...a,
});
const multi = (name: string, description: string, canonical: string[]) =>
  attr({
    name,
    description,
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr({ name: 'value', description: `The ${description.toLowerCase()}` }),
      attr({ name: 'type', description: 'Its kind', canonicalValues: canonical }),
      attr({ name: 'primary', description: 'The one to use', type: 'boolean' }),
    ],
  });

/** The User attributes Portiere keeps, each on a member field (the rest of RFC 7643's User is not stored). */
export const SCIM_USER_ATTRIBUTES: ScimAttribute[] = [
  attr({
    name: 'userName',
    description: "The member's username, unique in the customer (case-insensitive)",
    required: true,
    uniqueness: 'server',
  }),
  attr({
    name: 'name',
    description: "The member's name",
    type: 'complex',
    subAttributes: [
      attr({ name: 'givenName', description: 'First name' }),
      attr({ name: 'familyName', description: 'Last name' }),
      attr({ name: 'formatted', description: 'The full name', mutability: 'readOnly' }),
    ],
  }),
  attr({ name: 'displayName', description: 'The full name, as first and last name', mutability: 'readOnly' }),
  attr({ name: 'active', description: 'false blocks the member and ends their sessions', type: 'boolean' }),
  multi('emails', 'E-mail address (one, the primary)', ['work', 'home', 'other']),
  multi('phoneNumbers', 'Phone number for SMS codes (one, the primary)', ['mobile', 'work', 'other']),
  attr({
    name: 'groups',
    description: "The member's configuration group (set through the Group's members)",
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      attr({ name: 'value', description: 'The group id', mutability: 'readOnly' }),
      attr({
        name: '$ref',
        description: 'The group',
        type: 'reference',
        referenceTypes: ['Group'],
        mutability: 'readOnly',
      }),
      attr({ name: 'display', description: 'The group name', mutability: 'readOnly' }),
    ],
  }),
];

/** The enterprise extension (RFC 7643 4.3), kept as the directory sends it. */
export const SCIM_ENTERPRISE_ATTRIBUTES: ScimAttribute[] = [
  attr({ name: 'employeeNumber', description: 'Employee number' }),
  attr({ name: 'costCenter', description: 'Cost center' }),
  attr({ name: 'organization', description: 'Organization' }),
  attr({ name: 'division', description: 'Division' }),
  attr({ name: 'department', description: 'Department' }),
  attr({
    name: 'manager',
    description: "The member's manager",
    type: 'complex',
    subAttributes: [
      attr({ name: 'value', description: "The manager's id" }),
      attr({ name: '$ref', description: 'The manager', type: 'reference', referenceTypes: ['User'] }),
      attr({ name: 'displayName', description: "The manager's name", mutability: 'readOnly' }),
    ],
  }),
];

export const SCIM_GROUP_ATTRIBUTES: ScimAttribute[] = [
  attr({
    name: 'displayName',
    description: "The configuration group's name, unique in the customer",
    required: true,
    uniqueness: 'server',
  }),
  attr({
    name: 'members',
    description: 'Its members (a member is in one group at most: joining one leaves the other)',
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr({ name: 'value', description: "The member's id", mutability: 'immutable' }),
      attr({
        name: '$ref',
        description: 'The member',
        type: 'reference',
        referenceTypes: ['User'],
        mutability: 'immutable',
      }),
      attr({ name: 'display', description: "The member's username", mutability: 'readOnly' }),
      attr({ name: 'type', description: 'User', mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

/** What every resource carries (RFC 7643 3.1): `id` and `meta` read-only, `externalId` the directory's. */
export const SCIM_COMMON_ATTRIBUTES: ScimAttribute[] = [
  attr({
    name: 'id',
    description: "Portiere's id",
    caseExact: true,
    mutability: 'readOnly',
    returned: 'always',
    uniqueness: 'server',
  }),
  attr({ name: 'externalId', description: "The directory's id", caseExact: true }),
];

export interface ScimMeta {
  resourceType: 'User' | 'Group';
  created: string;
  lastModified: string;
  location: string;
  /** The resource's ETag (RFC 7644 3.14), also sent in the ETag header. */
  version: string;
}

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { givenName: string; familyName: string; formatted: string };
  displayName: string;
  active: boolean;
  emails?: { value: string; type: string; primary: boolean }[];
  phoneNumbers?: { value: string; type: string; primary: boolean }[];
  groups?: { value: string; $ref: string; display: string }[];
  [SCIM_SCHEMAS.enterpriseUser]?: Record<string, unknown>;
  meta: ScimMeta;
}

export interface ScimGroup {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  members?: { value: string; $ref: string; display: string; type: 'User' }[];
  meta: ScimMeta;
}

export interface ScimListResponse<T> {
  schemas: [typeof SCIM_SCHEMAS.listResponse];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}
