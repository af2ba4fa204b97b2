import {
  RADIUS_APPROVAL_WAIT_DEFAULT_S,
  type RadiusClient,
  type RadiusClientInput,
  radiusClientFieldErrors,
  radiusClientInputSchema,
} from '@portiere/contracts';

/** The register/edit form; the wait is typed as text and sent as a number. */
export interface RadiusClientFormValues {
  name: string;
  address: string;
  applicationId: string;
  enabled: boolean;
  requireMessageAuthenticator: boolean;
  approvalWait: string;
}

export const emptyRadiusClientForm = (): RadiusClientFormValues => ({
  name: '',
  address: '',
  applicationId: '',
  enabled: true,
  requireMessageAuthenticator: true,
  approvalWait: String(RADIUS_APPROVAL_WAIT_DEFAULT_S),
});

export const radiusClientFormOf = (c: RadiusClient): RadiusClientFormValues => ({
  name: c.name,
  address: c.address,
  applicationId: c.application.id,
  enabled: c.enabled,
  requireMessageAuthenticator: c.requireMessageAuthenticator,
  approvalWait: String(c.approvalWait),
});

export const radiusClientInputOf = (v: RadiusClientFormValues) => ({
  name: v.name.trim(),
  address: v.address.trim(),
  applicationId: v.applicationId,
  enabled: v.enabled,
  requireMessageAuthenticator: v.requireMessageAuthenticator,
  approvalWait: v.approvalWait.trim() === '' ? Number.NaN : Number(v.approvalWait),
});

/** The form over the contract: the schema's bounds and the address rule. */
export const radiusClientForm = {
  schema: radiusClientInputSchema,
  toInput: radiusClientInputOf,
  rules: (input: RadiusClientInput) => radiusClientFieldErrors(input),
};
