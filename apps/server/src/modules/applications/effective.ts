/** What an application derived from a base application actually uses (spec 3, baseApplicationId). */

/** The settings a derived application may leave empty to take its base's. */
export interface InheritableSettings {
  redirectUri: string;
  callbackUrlSuccessfulLoginFlow: string;
  redirectUriSuccessLoginFlow: string;
  redirectUriAbortLoginFlow: string;
  defaultFlowId: string | null;
}

const INHERITED = [
  'redirectUri',
  'callbackUrlSuccessfulLoginFlow',
  'redirectUriSuccessLoginFlow',
  'redirectUriAbortLoginFlow',
  'defaultFlowId',
] as const satisfies readonly (keyof InheritableSettings)[];

/**
 * The application with each setting it leaves '' or null taken from `base`. Pass the base's own
 * effective settings when bases are chained. Identity, type and secret are never inherited.
 */
export function effectiveApplication<T extends InheritableSettings>(app: T, base: InheritableSettings | null): T {
  if (!base) return app;
  const out = { ...app };
  for (const key of INHERITED) {
    const own = app[key];
    if (own === '' || own === null) (out as InheritableSettings)[key] = base[key] as never;
  }
  return out;
}
