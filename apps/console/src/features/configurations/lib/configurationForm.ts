import {
  type BIOMETRY_LEVELS,
  CONFIGURATION_CREDENTIAL_TYPES,
  type Configuration,
  configurationInputSchema,
} from '@portiere/contracts';
import type { z } from 'zod';

export type Biometry = (typeof BIOMETRY_LEVELS)[number];
export type ConfigurationCredentialType = (typeof CONFIGURATION_CREDENTIAL_TYPES)[number];

/** The create/edit form: one check box per credential kind. */
export interface ConfigurationFormValues {
  name: string;
  description: string;
  app_credential_biometry: Biometry;
  workstation_login_enabled: boolean;
  web_login_enabled: boolean;
  available: Record<ConfigurationCredentialType, boolean>;
}
/** The API body, as the contract defines it. */
export type ConfigurationInput = z.infer<typeof configurationInputSchema>;

const allAvailable = () =>
  Object.fromEntries(CONFIGURATION_CREDENTIAL_TYPES.map((k) => [k, true])) as Record<
    ConfigurationCredentialType,
    boolean
  >;

export const emptyConfigurationForm = (): ConfigurationFormValues => ({
  name: '',
  description: '',
  app_credential_biometry: 'none',
  workstation_login_enabled: true,
  web_login_enabled: true,
  available: allAvailable(),
});

/** A group as form values: a kind is ticked when it is in `allowed`. */
export function configurationFormOf(g: Configuration): ConfigurationFormValues {
  const allowed = new Set<string>(g.allowed);
  return {
    name: g.name,
    description: g.description,
    app_credential_biometry: g.app_credential_biometry,
    workstation_login_enabled: g.workstation_login_enabled,
    web_login_enabled: g.web_login_enabled,
    available: Object.fromEntries(CONFIGURATION_CREDENTIAL_TYPES.map((k) => [k, allowed.has(k)])) as Record<
      ConfigurationCredentialType,
      boolean
    >,
  };
}

/** Form values as the API body: the ticked kinds in catalogue order, trimmed texts. */
export function configurationInputOf(v: ConfigurationFormValues): ConfigurationInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    app_credential_biometry: v.app_credential_biometry,
    workstation_login_enabled: v.workstation_login_enabled,
    web_login_enabled: v.web_login_enabled,
    allowed: CONFIGURATION_CREDENTIAL_TYPES.filter((k) => v.available[k]),
  };
}

/** The form over the contract's body: its bounds are the form's. */
export const configurationForm = { schema: configurationInputSchema, toInput: configurationInputOf };
