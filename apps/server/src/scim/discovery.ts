/**
 * What a directory reads to learn this service provider (RFC 7644 4): its features
 * (ServiceProviderConfig), its resource types and their schemas, from the definitions in
 * contracts/scim.ts.
 */
import {
  SCIM_COMMON_ATTRIBUTES,
  SCIM_ENTERPRISE_ATTRIBUTES,
  SCIM_GROUP_ATTRIBUTES,
  SCIM_MAX_OPERATIONS,
  SCIM_MAX_RESULTS,
  SCIM_PATH,
  SCIM_SCHEMAS,
  SCIM_USER_ATTRIBUTES,
} from '@portiere/contracts';

export function serviceProviderConfig(publicUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${publicUrl}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'API key',
        description: `A manager user's API key with the scope "scim", sent as a bearer token (at most ${SCIM_MAX_OPERATIONS} PATCH operations per request)`,
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${publicUrl}${SCIM_PATH}/ServiceProviderConfig` },
  };
}

export function resourceTypes(publicUrl: string) {
  const base = `${publicUrl}${SCIM_PATH}`;
  return [
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: "The customer's members",
      schema: SCIM_SCHEMAS.user,
      schemaExtensions: [{ schema: SCIM_SCHEMAS.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: "The customer's configuration groups",
      schema: SCIM_SCHEMAS.group,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

export function schemas(publicUrl: string) {
  const base = `${publicUrl}${SCIM_PATH}`;
  const schema = (id: string, name: string, description: string, attributes: unknown[]) => ({
    schemas: [SCIM_SCHEMAS.schema],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  });
  return [
    schema(SCIM_SCHEMAS.user, 'User', 'A member', [...SCIM_COMMON_ATTRIBUTES, ...SCIM_USER_ATTRIBUTES]),
    schema(SCIM_SCHEMAS.enterpriseUser, 'EnterpriseUser', 'Enterprise User', SCIM_ENTERPRISE_ATTRIBUTES),
    schema(SCIM_SCHEMAS.group, 'Group', 'A configuration group', [...SCIM_COMMON_ATTRIBUTES, ...SCIM_GROUP_ATTRIBUTES]),
  ];
}
