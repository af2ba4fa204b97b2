import {
  type Application,
  type ApplicationInput,
  type ApplicationType,
  applicationFieldErrors,
  applicationInputSchema,
  CONFIDENTIAL_APPLICATION_TYPES,
  OIDC_APPLICATION_TYPES,
  REDIRECTLESS_APPLICATION_TYPES,
} from '@portiere/contracts';
import { emptySamlForm, type SamlFormValues, samlFormOf, samlFormPath, samlInputOf } from './samlForm';

/** The create/edit form; an empty string stands for "none" in the two selects. */
export interface ApplicationFormValues {
  name: string;
  type: ApplicationType;
  baseApplicationId: string;
  redirectUri: string;
  callbackUrlSuccessfulLoginFlow: string;
  redirectUriSuccessLoginFlow: string;
  redirectUriAbortLoginFlow: string;
  defaultFlowId: string;
  /** A SAML application's service provider. */
  saml: SamlFormValues;
}

export const emptyApplicationForm = (): ApplicationFormValues => ({
  name: '',
  type: 'web',
  baseApplicationId: '',
  redirectUri: '',
  callbackUrlSuccessfulLoginFlow: '',
  redirectUriSuccessLoginFlow: '',
  redirectUriAbortLoginFlow: '',
  defaultFlowId: '',
  saml: emptySamlForm(),
});

export function applicationFormOf(a: Application): ApplicationFormValues {
  return {
    name: a.name,
    type: a.type,
    baseApplicationId: a.baseApplicationId ?? '',
    redirectUri: a.redirectUri,
    callbackUrlSuccessfulLoginFlow: a.callbackUrlSuccessfulLoginFlow,
    redirectUriSuccessLoginFlow: a.redirectUriSuccessLoginFlow,
    redirectUriAbortLoginFlow: a.redirectUriAbortLoginFlow,
    defaultFlowId: a.defaultFlowId ?? '',
    saml: samlFormOf(a.saml),
  };
}

/** A machine client or a RADIUS device has no browser, hence no redirect URI: whatever was typed is dropped. */
export const hasRedirectUri = (type: ApplicationType) => !REDIRECTLESS_APPLICATION_TYPES.includes(type);
/** OpenID clients (the sign-in pages' redirects, the provider's settings); a RADIUS application has none. */
export const isOidcClient = (type: ApplicationType) => OIDC_APPLICATION_TYPES.includes(type);
/** Confidential clients keep a secret; public ones (spa, native) use PKCE instead. */
export const isConfidential = (type: ApplicationType) => CONFIDENTIAL_APPLICATION_TYPES.includes(type);

/** Form values as the API body: trimmed texts, "none" as null. */
export function applicationInputOf(v: ApplicationFormValues): ApplicationInput {
  return {
    name: v.name.trim(),
    type: v.type,
    baseApplicationId: v.baseApplicationId || null,
    redirectUri: hasRedirectUri(v.type) ? v.redirectUri.trim() : '',
    callbackUrlSuccessfulLoginFlow: isOidcClient(v.type) ? v.callbackUrlSuccessfulLoginFlow.trim() : '',
    redirectUriSuccessLoginFlow: isOidcClient(v.type) ? v.redirectUriSuccessLoginFlow.trim() : '',
    redirectUriAbortLoginFlow: isOidcClient(v.type) ? v.redirectUriAbortLoginFlow.trim() : '',
    defaultFlowId: v.defaultFlowId || null,
    ...(v.type === 'saml' ? { saml: samlInputOf(v.saml) } : {}),
  };
}

/** The form over the contract: the schema's bounds and the rules of spec 5 (name, redirect URIs). */
export const applicationForm = {
  schema: applicationInputSchema,
  toInput: applicationInputOf,
  rules: (input: ApplicationInput) =>
    Object.fromEntries(
      Object.entries(applicationFieldErrors(input, input.type)).map(([path, e]) => [samlFormPath(path), e]),
    ),
};
